/*
 * What other modules (profile) may ask of stored files: they never import the files repository itself.
 */
export { findFileOwnedBy } from './files-repository';
