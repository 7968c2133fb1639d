/**
 * The value frozen, its type kept as it was: for what a cache hands to every answer, so that no
 * caller can change what another is shown.
 */
export const frozen = <T extends object>(value: T) => Object.freeze(value) as T;
