/** Complaints from this many distinct visitors in one day hide a profile until a moderator reviews it. */
export const DEFAULT_COMPLAINT_HOLD_THRESHOLD = 5;
