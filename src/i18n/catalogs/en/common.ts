/** Words shared by several features. */
export default {
  somethingWrong: 'Something went wrong; please try again.',
  minutes_one: '{{count}} minute',
  minutes_other: '{{count}} minutes',
} as const;
