export default {
  somethingWrong: 'Une erreur s’est produite ; réessaie, s’il te plaît.',
  minutes_one: '{{count}} minute',
  minutes_many: '{{count}} minutes',
  minutes_other: '{{count}} minutes',
};
