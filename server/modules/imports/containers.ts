/**
 * The files of an import as the readers see them (decision 055): a zip or a tar.gz upload is
 * replaced by its entries (Simply Auto's zip of CSVs, Fuelio's `.csv.zip`, LubeLogger's backup,
 * Hammond's `.tar.gz`), each entry bounded, and text decoded the way the apps write it (UTF-8
 * with or without a BOM, UTF-16 from spreadsheet programs, Windows-1252 from old ones).
 */
import { gunzipSync } from 'node:zlib';
import { IMPORT_MESSAGES } from '@contract/imports';
import { badRequest } from '../../app-error';
import {
  createExpansionBudget,
  type ExpansionBudget,
  READ_BUDGETS,
  ReadBudgetExceeded,
} from './read-budgets';
import type { ImportFile } from './sources/source';
import { openZip } from './zip-reader';

const tooManyEntries = () =>
  new ReadBudgetExceeded(`it holds more than ${READ_BUDGETS.archiveEntries} files`);

/** The text of bytes written by a tracker's export, whichever of the usual encodings it used. */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function importFile(name: string, bytes: Buffer): ImportFile {
  let text: string | undefined;
  return {
    name,
    bytes,
    text: () => {
      text ??= decodeText(bytes);
      return text;
    },
  };
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A damaged container is the file's fault: 400 with words the user can act on. */
const damaged = () => badRequest(IMPORT_MESSAGES.damaged);

/**
 * Every file of a zip upload, read one after the other. What the entries declare is checked
 * first and what they inflate to is counted as they are read (yauzl refuses an entry that
 * inflates past what it declares), so a zip bomb stops at the budget either way.
 */
async function readZip(
  bytes: Buffer,
  budget: ExpansionBudget,
): Promise<{ name: string; bytes: Buffer }[]> {
  const zip = await openZip(bytes);
  try {
    budget.spend(zip.entries.reduce((sum, entry) => sum + entry.size, 0));
    const files: { name: string; bytes: Buffer }[] = [];
    for (const entry of zip.entries) {
      files.push({ name: entry.name, bytes: (await zip.read(entry.name, entry.size))! });
    }
    return files;
  } finally {
    zip.close();
  }
}

/** The regular files of a tar archive (ustar and the old format): 512-byte headers, then data. */
function readTar(bytes: Buffer): { name: string; bytes: Buffer }[] {
  const entries: { name: string; bytes: Buffer }[] = [];
  let offset = 0;
  const text = (start: number, length: number) =>
    bytes
      .subarray(offset + start, offset + start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  while (offset + 512 <= bytes.length) {
    if (bytes.subarray(offset, offset + 512).every((byte) => byte === 0)) break;
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw damaged();
    const type = text(156, 1);
    const prefix = text(257, 6).startsWith('ustar') ? text(345, 155) : '';
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const start = offset + 512;
    if (start + size > bytes.length) throw damaged();
    if (type === '0' || type === '')
      entries.push({ name, bytes: bytes.subarray(start, start + size) });
    if (entries.length > READ_BUDGETS.archiveEntries) throw tooManyEntries();
    offset = start + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/**
 * The upload's files with every zip and tar.gz replaced by its entries (one level: an archive in
 * an archive is kept as it is). Entry names keep their folders; macOS's `__MACOSX` copies go.
 */
export async function expandUpload(
  uploaded: readonly { name: string; bytes: Buffer }[],
  budget: ExpansionBudget = createExpansionBudget(),
): Promise<ImportFile[]> {
  const files: ImportFile[] = [];
  for (const file of uploaded) {
    let entries: { name: string; bytes: Buffer }[];
    if (isZip(file.bytes)) {
      entries = await readZip(file.bytes, budget);
    } else if (isGzip(file.bytes)) {
      let unpacked: Buffer;
      try {
        // Inflating stops at what the budget has left, not after.
        unpacked = gunzipSync(file.bytes, { maxOutputLength: Math.max(1, budget.remaining) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          budget.spend(budget.remaining + 1);
        }
        throw damaged();
      }
      budget.spend(unpacked.length);
      // A .gz of one file (not a tar) is that file.
      const looksLikeTar =
        unpacked.length >= 512 && unpacked.subarray(257, 262).toString() === 'ustar';
      entries = looksLikeTar
        ? readTar(unpacked)
        : [{ name: file.name.replace(/\.gz$/i, ''), bytes: unpacked }];
    } else {
      entries = [{ name: file.name, bytes: file.bytes }];
    }
    for (const entry of entries) {
      if (entry.name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(entry.name)) continue;
      files.push(importFile(entry.name, entry.bytes));
    }
  }
  return files;
}
