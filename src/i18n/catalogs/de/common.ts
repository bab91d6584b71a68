export default {
  somethingWrong: 'Etwas ist schiefgelaufen; bitte versuche es noch einmal.',
  minutes_one: '{{count}} Minute',
  minutes_other: '{{count, number}} Minuten',
};
