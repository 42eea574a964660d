/**
 * Words compared across the languages the apps export in: a header, a yes, a fuel's name, a
 * service's title. Spellings are compared without accents and case, so a table lists a word once
 * ("Observação" and "Observacao" are one entry).
 */

/** No accents, lower case, single spaces, trimmed. */
export function plainWords(text: string): string {
  return stemKey(text).replace(/\s+/g, ' ').trim();
}

/** No accents, lower case; spaces kept, so that a stem's spaces can mark a word's edge (" газ "). */
function stemKey(stem: string): string {
  return stem.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A lookup of the first entry whose stem occurs in a text, in the table's order (put "diesel"
 * before "gas" when "gasóleo" is diesel). The text is padded with a space on each side, so a stem
 * written " то " matches the whole word only.
 */
export function stemLookup<Value>(
  table: readonly (readonly [Value, readonly string[]])[],
): (text: string) => Value | undefined {
  const keyed = table.map(([value, stems]) => [value, stems.map(stemKey)] as const);
  return (text) => {
    const words = ` ${plainWords(text)} `;
    return keyed.find(([, stems]) => stems.some((stem) => words.includes(stem)))?.[0];
  };
}

/**
 * A lookup of exact spellings, from one table per language, checked once: a spelling that two
 * languages give to different fields would make the answer depend on the table's order, so it
 * stops the module from loading instead.
 */
export function spellingLookup<Field extends string>(
  tables: readonly Partial<Record<Field, readonly string[]>>[],
): (text: string) => Field | undefined {
  const fields = new Map<string, Field>();
  for (const table of tables) {
    for (const [field, spellings] of Object.entries(table) as [Field, readonly string[]][]) {
      for (const spelling of spellings) {
        const key = plainWords(spelling);
        const known = fields.get(key);
        if (known !== undefined && known !== field) {
          throw new Error(`"${spelling}" names both ${known} and ${field}`);
        }
        fields.set(key, field);
      }
    }
  }
  return (text) => fields.get(plainWords(text));
}

/** Yes and no as the apps write them in their users' languages (Drivvo's "Completou o tanque"). */
const YES_WORDS = new Set(['yes', 'y', 'sim', 'si', 'да', 'tak', 'ja', 'oui', 'true', '1']);
const NO_WORDS = new Set(['no', 'n', 'nao', 'нет', 'nie', 'nein', 'non', 'false', '0']);

/** true, false, or undefined when the cell is empty or says something else. */
export function yesOrNo(cell: string | undefined): boolean | undefined {
  if (cell === undefined) return undefined;
  const word = plainWords(cell);
  if (YES_WORDS.has(word)) return true;
  if (NO_WORDS.has(word)) return false;
  return undefined;
}
