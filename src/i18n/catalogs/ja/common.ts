export default {
  somethingWrong: '問題が発生しました。もう一度お試しください。',
  minutes_other: '{{count}} 分',
};
