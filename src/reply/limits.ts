/** Discord's limits on what a reply's message may carry, where the interaction does not say. */

/** Discord's default upload limit when an interaction carries no attachment_size_limit. */
export const DEFAULT_ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;
