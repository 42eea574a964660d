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

/**
 * The line each list item of `text` (valid JSON) begins on, by JSON pointer. A small scan instead
 * of a second parser: strings are skipped whole, and only list items are remembered.
 */
export function listItemLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const open: Container[] = [];
  let line = 1;
  let isKeyNext = false;
  const pointerHere = () =>
    open.map((container) => (container.isList ? String(container.index) : container.key)).join('/');
  const noteItemStart = () => {
    if (open.at(-1)?.isList) lines.set(`/${pointerHere()}`, line);
  };

  let position = 0;
  while (position < text.length) {
    const char = text[position]!;
    if (char === '\n') {
      line += 1;
      position += 1;
    } else if (char === '"') {
      const end = endOfString(text, position);
      const top = open.at(-1);
      if (top && !top.isList && isKeyNext) {
        top.key = JSON.parse(text.slice(position, end)) as string;
        isKeyNext = false;
      } else {
        noteItemStart();
      }
      position = end;
    } else if (char === '{' || char === '[') {
      noteItemStart();
      open.push(char === '[' ? { isList: true, index: 0 } : { isList: false, key: '' });
      isKeyNext = char === '{';
      position += 1;
    } else if (char === '}' || char === ']') {
      open.pop();
      position += 1;
    } else if (char === ',') {
      const top = open.at(-1);
      if (top?.isList) top.index += 1;
      else isKeyNext = true;
      position += 1;
    } else if (char === ':' || char === ' ' || char === '\t' || char === '\r') {
      position += 1;
    } else {
      // A number, true, false or null: one item, read to its end.
      noteItemStart();
      while (position < text.length && !',}]\n \t\r'.includes(text[position]!)) position += 1;
    }
  }
  return lines;
}

/** The index just past the string opening at `start`. */
function endOfString(text: string, start: number): number {
  let position = start + 1;
  while (position < text.length) {
    const char = text[position]!;
    if (char === '\\') position += 2;
    else if (char === '"') return position + 1;
    else position += 1;
  }
  return position;
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
