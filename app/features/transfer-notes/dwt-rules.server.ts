import dwtEnums from "~/content/waste/dwt-enums.json";
import {
  CARRIER_REGISTRATION_FORMS,
  EXEMPTION_REFERENCE_FORMS,
  PERMIT_NUMBER_FORMS,
  UK_POSTCODE,
} from "~/features/organisation/schemas";
import { findWasteCode } from "~/features/waste-codes/codes.server";
import type { DwtError, DwtReceipt, DwtWeight } from "./wire";

/**
 * The UK digital waste tracking service's rules for a receipt (its ReceiveMovementRequest, less
 * the apiCode the sender adds), as its receipt data definitions state them (app/content/waste/
 * dwt-receipt-data-definitions.md) with its code lists (dwt-enums.json): required fields, formats,
 * closed lists and the cross-field rules. A receipt is checked here before a member is offered
 * it, so what they send is refused for nothing we could have seen.
 */

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IRISH_EIRCODE = /^[AC-FHKNPRTV-Y]\d{2}\s?[AC-FHKNPRTV-Y\d]{4}$/i;

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";
const matches = (forms: readonly RegExp[], value: string) => forms.some((form) => form.test(value.toUpperCase()));
const ukPostcode = (value: string) => UK_POSTCODE.test(value.trim().toUpperCase());

/** Every refusal the service would answer for this receipt; none when it would take it. */
export function dwtReceiptErrors(receipt: DwtReceipt): DwtError[] {
  const errors: DwtError[] = [];
  const refuse = (key: string, errorType: DwtError["errorType"], message: string) => errors.push({ key, errorType, message });
  const required = (key: string, value: unknown) => {
    const given = typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
    if (!given) refuse(key, "NotProvided", `${key} is required`);
    return given;
  };
  const oneOf = (key: string, value: unknown, allowed: readonly string[]) => {
    if (value !== undefined && !allowed.includes(value as string))
      refuse(key, "InvalidValue", `${key} must be one of ${allowed.join(", ")}`);
  };
  const weight = (key: string, value: Partial<DwtWeight> | undefined) => {
    if (!required(key, value) || !value) return;
    if (required(`${key}.metric`, value.metric)) oneOf(`${key}.metric`, value.metric, dwtEnums.weightMetric);
    if (required(`${key}.amount`, value.amount) && !(typeof value.amount === "number" && value.amount > 0))
      refuse(`${key}.amount`, "OutOfRange", `${key}.amount must be a positive number`);
    if (typeof value.isEstimate !== "boolean")
      refuse(`${key}.isEstimate`, "InvalidType", `${key}.isEstimate must be true or false`);
  };

  if (required("dateTimeReceived", receipt.dateTimeReceived) && !ISO_DATE_TIME.test(receipt.dateTimeReceived!))
    refuse("dateTimeReceived", "InvalidFormat", "dateTimeReceived must be an ISO 8601 date-time");
  oneOf("reasonForNoConsignmentCode", receipt.reasonForNoConsignmentCode, dwtEnums.reasonForNoConsignmentCode);
  for (const [index, reference] of (receipt.otherReferencesForMovement ?? []).entries()) {
    required(`otherReferencesForMovement[${index}].label`, reference.label);
    required(`otherReferencesForMovement[${index}].reference`, reference.reference);
  }

  let hazardousCodes = false;
  const items = receipt.wasteItems ?? [];
  if (items.length === 0) refuse("wasteItems", "NotProvided", "wasteItems needs at least one waste item");
  for (const [index, item] of items.entries()) {
    const at = `wasteItems[${index}]`;
    const codes = item.ewcCodes ?? [];
    if (codes.length < 1 || codes.length > 5) refuse(`${at}.ewcCodes`, "OutOfRange", `${at}.ewcCodes must hold 1 to 5 codes`);
    for (const code of codes) {
      const known = /^\d{6}$/.test(code) ? findWasteCode(code) : undefined;
      if (!known) refuse(`${at}.ewcCodes`, "InvalidValue", `${code} is not a code of the List of Waste`);
      else if (known.hazardous) hazardousCodes = true;
    }
    required(`${at}.wasteDescription`, item.wasteDescription);
    if (required(`${at}.physicalForm`, item.physicalForm)) oneOf(`${at}.physicalForm`, item.physicalForm, dwtEnums.physicalForm);
    if (
      required(`${at}.numberOfContainers`, item.numberOfContainers) &&
      !(Number.isInteger(item.numberOfContainers) && item.numberOfContainers! >= 0)
    )
      refuse(`${at}.numberOfContainers`, "OutOfRange", `${at}.numberOfContainers must be a whole number from 0`);
    if (required(`${at}.typeOfContainers`, item.typeOfContainers))
      oneOf(`${at}.typeOfContainers`, item.typeOfContainers, dwtEnums.containerTypeCodes);
    weight(`${at}.weight`, item.weight);
    for (const flag of ["containsPops", "containsHazardous"] as const) {
      if (typeof item[flag] !== "boolean") refuse(`${at}.${flag}`, "NotProvided", `${at}.${flag} must be true or false`);
    }
    for (const [flag, detail] of [
      ["containsPops", "pops"],
      ["containsHazardous", "hazardous"],
    ] as const) {
      const details = item[detail];
      const source = details?.sourceOfComponents;
      const components = details?.components ?? [];
      if (item[flag] === true && required(`${at}.${detail}.sourceOfComponents`, source)) {
        oneOf(`${at}.${detail}.sourceOfComponents`, source, dwtEnums.sourceOfComponents);
        if ((source === "GUIDANCE" || source === "OWN_TESTING") && components.length === 0)
          refuse(`${at}.${detail}.components`, "NotProvided", `${at}.${detail}.components is required for ${source}`);
      }
      if ((item[flag] === false || source === "NOT_PROVIDED") && components.length > 0)
        refuse(`${at}.${detail}.components`, "NotAllowed", `${at}.${detail}.components is not allowed here`);
    }
    if (item.containsHazardous === true && item.hazardous?.sourceOfComponents) {
      const hazCodes = item.hazardous.hazCodes ?? [];
      if (hazCodes.length === 0) refuse(`${at}.hazardous.hazCodes`, "NotProvided", `${at}.hazardous.hazCodes is required`);
      for (const code of hazCodes) oneOf(`${at}.hazardous.hazCodes`, code, dwtEnums.hazardousPropertyCodes);
    }
    for (const [codeIndex, operation] of (item.disposalOrRecoveryCodes ?? []).entries()) {
      const key = `${at}.disposalOrRecoveryCodes[${codeIndex}]`;
      if (required(`${key}.code`, operation.code)) oneOf(`${key}.code`, operation.code, dwtEnums.disposalOrRecoveryCodes);
      weight(`${key}.weight`, operation.weight);
    }
  }

  // A hazardous load travels on a consignment note; without its code, the receipt says why.
  if (hazardousCodes && !isText(receipt.hazardousWasteConsignmentCode) && !receipt.reasonForNoConsignmentCode)
    refuse("reasonForNoConsignmentCode", "BusinessRuleViolation", "reasonForNoConsignmentCode is required for hazardous codes");

  const carrier = receipt.carrier;
  if (carrier) {
    const registration = carrier.registrationNumber;
    if (registration === undefined) refuse("carrier.registrationNumber", "NotProvided", "carrier.registrationNumber is required");
    if (isText(registration)) {
      if (!matches(CARRIER_REGISTRATION_FORMS, registration))
        refuse("carrier.registrationNumber", "InvalidFormat", "carrier.registrationNumber is not a carrier registration number");
      if (carrier.reasonForNoRegistrationNumber !== undefined)
        refuse("carrier.reasonForNoRegistrationNumber", "NotAllowed", "No reason is given beside a registration number");
    } else if (required("carrier.reasonForNoRegistrationNumber", carrier.reasonForNoRegistrationNumber))
      oneOf(
        "carrier.reasonForNoRegistrationNumber",
        carrier.reasonForNoRegistrationNumber,
        dwtEnums.reasonForNoRegistrationNumber,
      );
    required("carrier.organisationName", carrier.organisationName);
    if (carrier.address && required("carrier.address.postcode", carrier.address.postcode)) {
      const postcode = carrier.address.postcode!;
      if (!ukPostcode(postcode) && !IRISH_EIRCODE.test(postcode.trim()))
        refuse("carrier.address.postcode", "InvalidFormat", "carrier.address.postcode must be a UK postcode or an Eircode");
    }
    if (required("carrier.meansOfTransport", carrier.meansOfTransport))
      oneOf("carrier.meansOfTransport", carrier.meansOfTransport, dwtEnums.meansOfTransport);
    if (carrier.meansOfTransport === "Road") required("carrier.vehicleRegistration", carrier.vehicleRegistration);
    else if (carrier.vehicleRegistration !== undefined)
      refuse("carrier.vehicleRegistration", "NotAllowed", "carrier.vehicleRegistration is for road transport only");
  }

  const receiver = receipt.receiver;
  if (required("receiver", receiver)) {
    required("receiver.siteName", receiver!.siteName);
    const number = receiver!.authorisationNumber;
    if (
      required("receiver.authorisationNumber", number) &&
      !matches([...PERMIT_NUMBER_FORMS, ...EXEMPTION_REFERENCE_FORMS], number!)
    )
      refuse("receiver.authorisationNumber", "InvalidFormat", "receiver.authorisationNumber is not a site authorisation number");
    if (receiver!.emailAddress !== undefined && !EMAIL.test(receiver!.emailAddress))
      refuse("receiver.emailAddress", "InvalidFormat", "receiver.emailAddress must be an e-mail address");
  }
  const address = receipt.receipt?.address;
  required("receipt.address.fullAddress", address?.fullAddress);
  if (required("receipt.address.postcode", address?.postcode) && !ukPostcode(address!.postcode!))
    refuse("receipt.address.postcode", "InvalidFormat", "receipt.address.postcode must be a UK postcode");
  return errors;
}
