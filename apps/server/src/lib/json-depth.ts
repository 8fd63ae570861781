/**
 * How deeply objects and arrays may nest in a JSON body. Our deepest contract nests four levels; parsing and
 * validating a body thousands of levels deep exhausted the stack (500 on every JSON endpoint), so such a body
 * is refused before it is parsed.
 */
export const maxJsonDepth = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, scanning once without parsing (brackets
 * inside strings do not count). Malformed text is left to the parser, which refuses it on its own.
 */
export const isJsonDeeperThan = (text: string, limit: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
};
