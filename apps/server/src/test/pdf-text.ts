import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's text, page by page, with the narrow and no-break spaces of number formats as plain spaces. */
export const pdfText = async (pdf: Buffer | Uint8Array) => {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/[\u00a0\u202f]/g, ' ');
};
