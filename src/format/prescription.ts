// The Rx card and every power on screen use the server's own prescription rules: server/domain/prescription.ts
// imports nothing, so the client bundles that same file rather than a copy that could drift from it.
export {
  type Eye,
  eyes,
  figureError,
  formatEye,
  formatPower,
  formatSphere,
  hasPlusCylinder,
  isExpiredOn,
  type PrescriptionFigures,
  prescriptionErrors,
  prismBases,
  toMinusCylinder,
} from '../../server/domain/prescription.ts';
