/** A line that opens or closes a code fence: its run of 3+ backticks or tildes, then the rest. */
export const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
