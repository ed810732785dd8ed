import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Opens a PDF with a real parser (PDF.js, as browsers use it) and returns its text, one line per
 * line of the page as drawn: what a person reading the document sees, not bytes we wrote.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line.trim());
        line = '';
      } else if (item.str !== '') line += ' ';
    }
    if (line.trim()) lines.push(line.trim());
  }
  await pdf.destroy();
  // Cells drawn apart (a label and its value, a line and its amount) read as one space apart.
  return lines
    .map((line) => line.replace(/\s+/g, ' '))
    .filter((line) => line !== '')
    .join('\n');
}
