// The font tools ship no (current) types: the calls scripts/subset-fonts.ts and the font test make.
declare module 'fontverter' {
  const fontverter: {
    convert(font: Buffer, to: 'sfnt' | 'woff' | 'woff2'): Promise<Buffer>;
  };
  export default fontverter;
}

declare module 'subset-font' {
  export interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    /** OpenType feature tags to keep (all by default). */
    keepFeatures?: string[];
  }
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
