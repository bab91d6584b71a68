/** The service's four chat models (service-api.md §2.1) and its one image model (§4.2). */
export const CHAT_MODELS = [
  'service-v1-flash',
  'service-v1-pro',
  'service-v1-flash-extended',
  'service-v1-pro-extended',
] as const;

export type ChatModel = (typeof CHAT_MODELS)[number];

/** Service limit (§8): temperature is 0 to 2 inclusive. */
export const TEMPERATURE_MIN = 0;
export const TEMPERATURE_MAX = 2;
