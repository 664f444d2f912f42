// The shapes a value can have that say what it is: prose (a description, in any script), or a run of
// ordinary words (a name, a slug, a version). Neither is a credential.

/** A word of prose: letters of any script, with the punctuation sentences use. */
const PROSE_WORD = /^[\p{L}\p{M}'’.,:;!?()«»"“”…-]+$/u;

/** Letters of a script other than Latin (Arabic, Cyrillic, Han, Devanagari, …). */
const OTHER_SCRIPT = /[^\p{Script=Latin}\P{L}]/u;

/**
 * Whether a value is prose: two words or more of letters (of any script) with no digit among them, or
 * letters of a script other than Latin with no digit (Chinese and Japanese put no spaces between words).
 */
export function looksLikeProse(value: string): boolean {
  if (/\d/.test(value)) return false;
  const words = value.split(/\s+/).filter((word) => word !== "");
  if (!words.every((word) => PROSE_WORD.test(word))) return false;
  return words.length >= 2 || OTHER_SCRIPT.test(value);
}

/** Words that make a run of words a description (`votre mot de passe ici`), not a passphrase. */
const FUNCTION_WORDS = new Set(
  (
    "the a an your my our his her its their this that here there from to of for with in on at by is are be " +
    "ici votre vos ton ta mon ma le la les un une des du de et pour avec dans sur tu su sus tus aquí aqui el " +
    "los las una del para con en mi es der die das dein deine ihr ihre hier ein eine und mit für von zu il lo " +
    "gli qui il tuo tua seu sua o os um uma do da em " +
    // Prose that names a secret describes one (`top secret`, `mot de passe`).
    "secret password token key passe clave contraseña clé schlüssel passwort"
  ).split(" "),
);

/**
 * Whether prose describes a secret rather than being a passphrase: it is in a script other than Latin, or
 * holds a function word (`your`, `here`, `from`, `ici`, `de`, …). `correct horse battery staple` is a
 * passphrase.
 */
export function describesSecret(value: string): boolean {
  if (OTHER_SCRIPT.test(value)) return true;
  return value
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .some((word) => FUNCTION_WORDS.has(word));
}

/**
 * Whether a value is made of ordinary words, as names, slugs and versions are (`my-app-settings`,
 * `getToken`, `Apache-2.0`, `prod_db_v2`): every part between separators and case changes is letters (15 at
 * most) or a short number, with one single letter at most. A random token has parts that mix letters and
 * digits, runs longer than words, or splits into letters here and there.
 */
export function looksWordMade(value: string): boolean {
  const parts = value
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[\s\-_./+:@,=]+/)
    .filter((part) => part !== "");
  // Single letters in numbers are how random text splits (`mHF:G=8@Mnd`), not how names are written.
  if (parts.filter((part) => /^\p{L}$/u.test(part)).length > 1) return false;
  return parts.every((part) => /^\p{L}{1,15}$/u.test(part) || /^(?:v?\d{1,4})$/i.test(part));
}
