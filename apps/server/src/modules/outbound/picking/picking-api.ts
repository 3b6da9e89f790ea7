/** The picking module's public surface: the hospital (a location kept out of allocation until counted). */
export { sendLocationToHospital } from './hospital';
