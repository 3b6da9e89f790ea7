/*
 * What other modules (profile, labels) may ask of stored files: they never import the files repository itself.
 */
export { findFileOwnedBy, insertFileRow } from './files-repository';
