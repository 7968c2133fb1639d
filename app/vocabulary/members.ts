/** The name a deleted account keeps, so the other party's orders, messages and reviews still read. */
export const DELETED_MEMBER_NAME = "a deleted member";
