// What an upload's bytes must be for its name: Office files are checked by their zip directory.
import { describe, expect, it } from 'vitest';
import { sniffAttachment } from '../../src/modules/files/attachment-types.ts';
import { zipEntryNames } from '../../src/modules/files/zip-entries.ts';
import { docxBytes, storedZip } from '../support/zip.ts';

const contentTypes = '<?xml version="1.0"?><Types/>';

describe('zip entry names', () => {
  it('lists the entries of an archive, also when it ends with a comment', () => {
    expect(zipEntryNames(storedZip({ 'a.txt': 'one', 'folder/b.txt': 'two' }))).toEqual([
      'a.txt',
      'folder/b.txt',
    ]);
    expect(zipEntryNames(storedZip({ 'a.txt': 'one' }, 'made by a test'))).toEqual(['a.txt']);
  });

  it('is null for bytes that are not a whole zip', () => {
    const zip = storedZip({ 'a.txt': 'one', 'b.txt': 'two' });
    expect(zipEntryNames(Buffer.from('PK\x03\x04 not really a zip', 'latin1'))).toBeNull();
    expect(zipEntryNames(zip.subarray(0, zip.length - 30))).toBeNull();
    const directoryMovedPastTheEnd = Buffer.from(zip);
    directoryMovedPastTheEnd.writeUInt32LE(zip.length, zip.length - 6);
    expect(zipEntryNames(directoryMovedPastTheEnd)).toBeNull();
  });
});

describe('Office attachments', () => {
  it('takes a Word document, a workbook and a presentation with the parts their kind needs', () => {
    expect(sniffAttachment(docxBytes(), 'Proposal.docx')).toEqual({
      ext: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const workbook = storedZip({ '[Content_Types].xml': contentTypes, 'xl/workbook.xml': '<workbook/>' });
    expect(sniffAttachment(workbook, 'data.XLSX')?.ext).toBe('xlsx');
    const deck = storedZip({
      '[Content_Types].xml': contentTypes,
      'ppt/presentation.xml': '<presentation/>',
    });
    expect(sniffAttachment(deck, 'talk.pptx')?.ext).toBe('pptx');
  });

  it('refuses a zip that only mentions the folder, another kind of Office file, or a cut-off file', () => {
    const mentionsWord = storedZip({ 'notes/word/readme.txt': 'word/ word/ word/' });
    expect(sniffAttachment(mentionsWord, 'letter.docx')).toBeNull();
    expect(sniffAttachment(storedZip({ 'word/document.xml': '<document/>' }), 'letter.docx')).toBeNull();
    expect(sniffAttachment(docxBytes(), 'sheet.xlsx')).toBeNull();
    const whole = docxBytes();
    expect(sniffAttachment(whole.subarray(0, whole.length - 10), 'letter.docx')).toBeNull();
  });
});
