import { stemmer } from 'stemmer';

/**
 * Search terms of a text, the same for documents and questions: Chinese through Intl.Segmenter's
 * dictionary words plus the character bigrams of every Han run (the dictionary splits domain terms
 * such as 卡池端口 badly; bigrams keep them findable), other words lower-cased and Porter-stemmed.
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;

const EN_STOP = new Set(
  'a an the is are was were be been to of in on at for by with from and or not no how what why when where which who whom do does did can could should would will i me my we our you your it its this that these those there their them they as if into about please'.split(
    ' ',
  ),
);
const ZH_STOP = new Set([
  '的',
  '了',
  '吗',
  '呢',
  '吧',
  '啊',
  '是',
  '在',
  '和',
  '与',
  '及',
  '或',
  '我',
  '我的',
  '我们',
  '你',
  '您',
  '请',
  '请问',
  '一下',
  '怎么',
  '怎样',
  '如何',
  '什么',
  '为什么',
  '哪些',
  '哪个',
  '可以',
  '能',
  '这个',
  '那个',
  '一个',
  '有',
  '也',
  '就',
  '都',
  '要',
  '么',
  '问题',
]);

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    const w = s.segment.toLowerCase();
    if (HAN.test(w)) {
      if (!ZH_STOP.has(w)) out.push(w);
    } else if (!EN_STOP.has(w)) {
      out.push(/^[a-z]+$/.test(w) ? stemmer(w) : w);
    }
  }
  for (const run of text.match(HAN_RUN) ?? []) {
    for (let i = 0; i + 1 < run.length; i++) {
      const bigram = run.slice(i, i + 2);
      if (!ZH_STOP.has(bigram)) out.push(bigram);
    }
  }
  return out;
}
