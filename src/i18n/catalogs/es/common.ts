export default {
  somethingWrong: 'Algo salió mal; inténtalo de nuevo.',
  minutes_one: '{{count}} minuto',
  minutes_many: '{{count}} minutos',
  minutes_other: '{{count}} minutos',
};
