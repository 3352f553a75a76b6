/** The parts of test-only packages without type definitions that the browser tests use. */

declare module 'vcf' {
  interface Property {
    valueOf(): string;
  }

  export default class vCard {
    static parse(text: string): vCard[];
    get(name: string): Property | undefined;
  }
}
