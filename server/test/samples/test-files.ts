/** Files as the pipeline hands them to readers, for the readers' tests and the sample builders. */
import type { ImportFile } from '../../modules/imports/sources/source';

export function binaryFile(name: string, bytes: Buffer): ImportFile {
  return { name, bytes, text: () => bytes.toString('utf8').replace(/^\uFEFF/, '') };
}

export function textFile(name: string, text: string): ImportFile {
  return binaryFile(name, Buffer.from(text, 'utf8'));
}
