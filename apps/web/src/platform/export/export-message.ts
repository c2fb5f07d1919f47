import { exportEstimateMinutes } from '@portal/contracts';

/** Spec 9: "3 minutes per million rows; under 1 million says within 3 minutes". */
export function estimateKey(totalNum: number): {
  key: 'export.createdWithin' | 'export.createdAbout';
  minutes: number;
} {
  const minutes = exportEstimateMinutes(totalNum);
  return { key: totalNum < 1_000_000 ? 'export.createdWithin' : 'export.createdAbout', minutes };
}
