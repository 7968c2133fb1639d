/**
 * What a text reads as, for telling whether one text imitates another: two texts with the same
 * key look alike to a reader. Not a rule for what members may write, only for comparing.
 *
 * The key is the text in NFKC (full-width, mathematical, circled and other compatibility forms
 * become the plain letter), without default-ignorable characters (zero-width spaces and joiners,
 * direction marks, variation selectors), with the Cyrillic and Greek letters of LOOK_ALIKES
 * read as the Latin ones, lower-cased and without spaces (a zero-width space in place of a space
 * shows no gap, yet "adeleted member" still reads as the words).
 *
 * Scope of LOOK_ALIKES: the Cyrillic and Greek letters that common sans-serif fonts draw like a
 * basic Latin letter, in both cases, and the lower-case ones that read as small capitals (м, н,
 * т). Other scripts' look-alikes (Armenian օ, Cherokee Ꭺ, Latin ɑ or ı) and letters that look
 * alike only with a mark added are not in it. Unicode's full confusables list would cover them;
 * a key compared against one reserved name does not need thousands of entries.
 */
const LOOK_ALIKES = new Map<string, string>();
/** Each letter of the first string reads as the letter at the same place in the second. */
function readAs(letters: string, latin: string) {
  [...letters].forEach((letter, index) => LOOK_ALIKES.set(letter, latin[index]));
}
readAs("АВЕЅІЈКМНОРСТУХҮҺӀԀԚԜ", "ABESIJKMHOPCTYXYHIDQW"); // Cyrillic capitals
readAs("авеѕіјкмнорстухүһӏԁԛԝ", "abesijkmhopctyxyhldqw"); // Cyrillic small letters
readAs("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX"); // Greek capitals
readAs("αεικνορτυχγ", "aeikvoptuxy"); // Greek small letters

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

export function lookAlikeKey(text: string) {
  const plain = text.normalize("NFKC").replace(IGNORABLE, "");
  let latin = "";
  for (const character of plain) latin += LOOK_ALIKES.get(character) ?? character;
  return latin.toLowerCase().replace(/\s+/gu, "");
}
