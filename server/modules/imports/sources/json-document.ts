/**
 * A JSON file of an upload as the readers of JSON exports (Tracktor, MyGarage, Hammond's import
 * document) see it: the parsed value, and the line each list item begins on, so that a problem
 * names a line the user finds in an editor (exports are written indented, an item a few lines
 * long). Parsed once per file, however many readers ask while detecting and reading.
 */
import type { ImportFile } from './source';

export type JsonObject = { [key: string]: unknown };

export type JsonDocument = {
  value: unknown;
  /** The 1-based line where the item at `pointer` ("/data/fuelLogs/3") begins; 1 if unknown. */
  lineOf: (pointer: string) => number;
};

const documents = new WeakMap<ImportFile, JsonDocument | null>();

/** The file as JSON, or null when it is not JSON (binary, CSV, broken); never throws. */
export function jsonDocumentOf(file: ImportFile): JsonDocument | null {
  const known = documents.get(file);
  if (known !== undefined) return known;
  const document = parseDocument(file);
  documents.set(file, document);
  return document;
}

function parseDocument(file: ImportFile): JsonDocument | null {
  const start = file.bytes.subarray(0, 64).toString('utf8').trimStart();
  // Only an object or a list can be an export; this spares parsing every CSV and database.
  if (!start.startsWith('{') && !start.startsWith('[')) return null;
  let text: string;
  let value: unknown;
  try {
    text = file.text();
    value = JSON.parse(text);
  } catch {
    return null;
  }
  let lines: Map<string, number> | undefined;
  return {
    value,
    lineOf: (pointer) => {
      lines ??= listItemLines(text);
      return lines.get(pointer) ?? 1;
    },
  };
}

type Container = { isList: true; index: number } | { isList: false; key: string };

const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COLON = 58;
const SPACE = 32;
const TAB = 9;
const RETURN = 13;

/**
 * The line each list item of `text` (valid JSON) begins on, by JSON pointer. A small scan instead
 * of a second parser: strings are skipped whole, and only list items are remembered.
 */
export function listItemLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const open: Container[] = [];
  let line = 1;
  let isKeyNext = false;
  const noteItemStart = () => {
    const top = open[open.length - 1];
    if (!top?.isList) return;
    const pointer = open.map((container) =>
      container.isList ? String(container.index) : container.key,
    );
    lines.set(`/${pointer.join('/')}`, line);
  };

  let position = 0;
  while (position < text.length) {
    const code = text.charCodeAt(position);
    if (code === NEWLINE) {
      line += 1;
      position += 1;
    } else if (code === SPACE || code === TAB || code === RETURN || code === COLON) {
      position += 1;
    } else if (code === QUOTE) {
      const end = endOfString(text, position);
      const top = open[open.length - 1];
      if (top && !top.isList && isKeyNext) {
        top.key = JSON.parse(text.slice(position, end)) as string;
        isKeyNext = false;
      } else {
        noteItemStart();
      }
      position = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      noteItemStart();
      open.push(code === OPEN_BRACKET ? { isList: true, index: 0 } : { isList: false, key: '' });
      isKeyNext = code === OPEN_BRACE;
      position += 1;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      open.pop();
      position += 1;
    } else if (code === COMMA) {
      const top = open[open.length - 1];
      if (top?.isList) top.index += 1;
      else isKeyNext = true;
      position += 1;
    } else {
      // A number, true, false or null: one item, read to its end.
      noteItemStart();
      position += 1;
      while (position < text.length && isInsideWord(text.charCodeAt(position))) position += 1;
    }
  }
  return lines;
}

function isInsideWord(code: number): boolean {
  return !(
    code === COMMA ||
    code === CLOSE_BRACE ||
    code === CLOSE_BRACKET ||
    code === NEWLINE ||
    code === SPACE ||
    code === TAB ||
    code === RETURN
  );
}

/** The index just past the string opening at `start`. */
function endOfString(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    // A quote is escaped when an odd number of backslashes precede it.
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The items of a list member that are objects, with their index; none when it is absent. */
export function objectItems(parent: JsonObject, key: string): [JsonObject, number][] {
  const list = parent[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index): [JsonObject, number][] =>
    isJsonObject(item) ? [[item, index]] : [],
  );
}

/** A member as text: strings trimmed, numbers written out; undefined when empty or absent. */
export function textMember(item: JsonObject, key: string): string | undefined {
  const value = item[key];
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A member as a number or a numeric string as spelled; undefined when empty or absent. */
export function numberMember(item: JsonObject, key: string): number | string | undefined {
  const value = item[key];
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/** A member as a boolean (true/false, 1/0); undefined when absent or anything else. */
export function booleanMember(item: JsonObject, key: string): boolean | undefined {
  const value = item[key];
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  return undefined;
}
