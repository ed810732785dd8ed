// What an upload's bytes must be for its name: Office files are checked by their zip directory.
import { describe, expect, it } from 'vitest';
import { sniffAttachment } from '../../src/modules/files/attachment-types.ts';
import { bufferSource } from '../../src/modules/files/byte-source.ts';
import { zipEntryNames } from '../../src/modules/files/zip-entries.ts';
import { docxBytes, storedZip } from '../support/zip.ts';

const contentTypes = '<?xml version="1.0"?><Types/>';
const sniff = (data: Buffer, fileName: string) => sniffAttachment(bufferSource(data), fileName);
const entryNames = (data: Buffer) => zipEntryNames(bufferSource(data));

describe('zip entry names', () => {
  it('lists the entries of an archive, also when it ends with a comment', async () => {
    expect(await entryNames(storedZip({ 'a.txt': 'one', 'folder/b.txt': 'two' }))).toEqual([
      'a.txt',
      'folder/b.txt',
    ]);
    expect(await entryNames(storedZip({ 'a.txt': 'one' }, 'made by a test'))).toEqual(['a.txt']);
  });

  it('is null for bytes that are not a whole zip', async () => {
    const zip = storedZip({ 'a.txt': 'one', 'b.txt': 'two' });
    expect(await entryNames(Buffer.from('PK\x03\x04 not really a zip', 'latin1'))).toBeNull();
    expect(await entryNames(zip.subarray(0, zip.length - 30))).toBeNull();
    const directoryMovedPastTheEnd = Buffer.from(zip);
    directoryMovedPastTheEnd.writeUInt32LE(zip.length, zip.length - 6);
    expect(await entryNames(directoryMovedPastTheEnd)).toBeNull();
  });
});

describe('Office attachments', () => {
  it('takes a Word document, a workbook and a presentation with the parts their kind needs', async () => {
    expect(await sniff(docxBytes(), 'Proposal.docx')).toEqual({
      ext: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const workbook = storedZip({ '[Content_Types].xml': contentTypes, 'xl/workbook.xml': '<workbook/>' });
    expect((await sniff(workbook, 'data.XLSX'))?.ext).toBe('xlsx');
    const deck = storedZip({
      '[Content_Types].xml': contentTypes,
      'ppt/presentation.xml': '<presentation/>',
    });
    expect((await sniff(deck, 'talk.pptx'))?.ext).toBe('pptx');
  });

  it('refuses a zip that only mentions the folder, another kind of Office file, or a cut-off file', async () => {
    const mentionsWord = storedZip({ 'notes/word/readme.txt': 'word/ word/ word/' });
    expect(await sniff(mentionsWord, 'letter.docx')).toBeNull();
    expect(await sniff(storedZip({ 'word/document.xml': '<document/>' }), 'letter.docx')).toBeNull();
    expect(await sniff(docxBytes(), 'sheet.xlsx')).toBeNull();
    const whole = docxBytes();
    expect(await sniff(whole.subarray(0, whole.length - 10), 'letter.docx')).toBeNull();
  });
});
