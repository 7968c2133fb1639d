import { descriptions } from "~/content/waste/dwt-enums.json";
import { CONTAINER_TYPES, type ContainerType, type PhysicalForm } from "../../../db/waste-values";

/**
 * The labels of the waste values of db/waste-values.ts, for forms and pages. Container types are
 * named as the digital waste tracking service describes its codes (app/content/waste/dwt-enums.json);
 * browser-safe, so the listing form shows them.
 */
export const CONTAINER_TYPE_LABELS = Object.fromEntries(
  CONTAINER_TYPES.map((code) => [code, descriptions.containerTypeCodes[code]]),
) as Record<ContainerType, string>;

export const PHYSICAL_FORM_LABELS: Record<PhysicalForm, string> = {
  Solid: "Solid",
  Liquid: "Liquid",
  Sludge: "Sludge",
  Powder: "Powder",
  Gas: "Gas",
  Mixed: "Mixed",
};

/** A code as the List of Waste prints it: "200101" is "20 01 01". */
export const displayWasteCode = (code: string) => code.replace(/^(\d{2})(\d{2})(\d{2})$/, "$1 $2 $3");

/** The message a hazardous code is refused with: the platform issues no consignment notes. */
export const HAZARDOUS_WASTE_MESSAGE =
  "Hazardous waste needs a consignment note, which Circular Hub does not issue: trade it outside the platform.";
