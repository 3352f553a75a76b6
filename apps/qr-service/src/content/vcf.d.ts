/** The parts of the vCard parser (a test-only package without type definitions) the tests use. */
declare module 'vcf' {
  interface Property {
    valueOf(): string;
  }

  export default class vCard {
    static parse(text: string): vCard[];
    version: string;
    get(name: string): Property | undefined;
  }
}
