export default {
  somethingWrong: 'Algo deu errado; tente de novo.',
  minutes_one: '{{count}} minuto',
  minutes_many: '{{count}} minutos',
  minutes_other: '{{count}} minutos',
};
