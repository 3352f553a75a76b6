import { PRINT_MESSAGES, printLayout } from './print-download.dto';

describe(printLayout.name, () => {
  it('answers no layout without a print size', () => {
    expect(printLayout({ format: 'pdf' })).toEqual({ print: null });
  });

  it('turns millimetres and inches into points, the bleed on each side', () => {
    expect(printLayout({ format: 'pdf', printSize: '50', unit: 'mm', bleed: '3', cropMarks: 'true' })).toEqual({
      print: { sizePt: 141.732, bleedPt: 8.504, cropMarks: true },
    });
    expect(printLayout({ format: 'pdf', printSize: '2', unit: 'in' })).toEqual({ print: { sizePt: 144, bleedPt: 0, cropMarks: false } });
  });

  it.each([
    [{ format: 'png', printSize: '50' }, 'format', PRINT_MESSAGES.pdfOnly],
    [{ format: 'pdf', bleed: '3' }, 'printSize', PRINT_MESSAGES.needsPrintSize],
    [{ format: 'pdf', printSize: '9.99' }, 'printSize', PRINT_MESSAGES.printSize('mm')],
    [{ format: 'pdf', printSize: '1e3' }, 'printSize', PRINT_MESSAGES.printSize('mm')],
    [{ format: 'pdf', printSize: ['50'] }, 'printSize', PRINT_MESSAGES.printSize('mm')],
    [{ format: 'pdf', printSize: '50', unit: 'pt' }, 'unit', PRINT_MESSAGES.unit],
    [{ format: 'pdf', printSize: '2', unit: 'in', bleed: '0.5' }, 'bleed', PRINT_MESSAGES.bleed('in')],
    [{ format: 'pdf', printSize: '50', cropMarks: 'true' }, 'cropMarks', PRINT_MESSAGES.cropMarksNeedBleed],
  ])('refuses %j', (query, field, message) => {
    expect(printLayout(query)).toEqual({ field, message });
  });
});
