/** The name of an instance whose operator has not named it (the product's). */
export const DEFAULT_SITE_NAME = "Circular Hub";
