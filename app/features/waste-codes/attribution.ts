/**
 * What the List of Waste's licences ask to be shown wherever its codes are (app/content/waste/
 * README.md says where each comes from). Browser-safe: the picker and the pages show it.
 */
export const WASTE_CODES_ATTRIBUTION = [
  "Crown copyright and database right material reused under the Open Government Licence v3.0. " +
    "Material derived from the European Institutions © European Union, 1998–2019 and reused under " +
    "Commission Decision 2011/833/EU. Source: Commission Decision 2000/532/EC, Annex, as published by legislation.gov.uk.",
  "Contains public sector information from Waste classification: guidance on the classification and " +
    "assessment of waste (WM3), Environment Agency, Natural Resources Wales and the Scottish Environment " +
    "Protection Agency, licensed under the Open Government Licence v3.0.",
] as const;

export const OPEN_GOVERNMENT_LICENCE_URL = "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/";

/** Said beside the codes: a code is not a classification, and a starred one cannot travel on a plain transfer note. */
export const WASTE_CODES_CAVEAT =
  "A code is not a classification: a mirror entry needs a WM3 assessment to say whether the waste is hazardous. " +
  "Codes marked * are hazardous waste and need a consignment note, not a plain transfer note.";
