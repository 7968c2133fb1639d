/**
 * Characters no text a member writes may hold: C0 controls other than tab and line breaks, DEL,
 * C1 controls, and the bidirectional embeddings, overrides and isolates, which make a text read
 * one way on a page and another in a log, a CSV or a mail (a moderator's queue shows what a
 * reporter wrote; a member's mail shows what a moderator wrote). Whether a line break is allowed
 * is each field's own rule.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const hasHiddenControls = (text: string) => HIDDEN_CONTROLS.test(text);

export const HIDDEN_CONTROLS_MESSAGE = "Remove the control characters from the text.";
