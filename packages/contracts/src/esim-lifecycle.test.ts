import { describe, expect, it } from 'vitest';
import { errorStatus } from './errors';
import {
  type EsimAction,
  endedEsimErrorCodes,
  endedStatusOf,
  esimAllows,
  esimStatuses,
  isPackageLive,
  isPackageStarted,
} from './esim-lifecycle';

// ADR 0091's table, as the server and the screens read it.
const actions: EsimAction[] = ['install', 'topUp', 'change', 'usage', 'claim', 'end'];

describe('esimAllows', () => {
  it('lets a working eSIM do everything but be ended once installed, and an ended one nothing', () => {
    expect(actions.filter((a) => esimAllows('ready', a))).toEqual(actions);
    expect(actions.filter((a) => esimAllows('installed', a))).toEqual(actions.filter((a) => a !== 'end'));
    for (const status of ['disabled', 'freed', 'cancelled'] as const)
      expect(actions.filter((a) => esimAllows(status, a))).toEqual([]);
  });

  it('names how each ended eSIM ended with an error code of its own', () => {
    for (const status of esimStatuses) {
      const ended = endedStatusOf(status);
      if (status === 'ready' || status === 'installed') expect(ended).toBeNull();
      else {
        expect(ended).toBe(status);
        expect(errorStatus[endedEsimErrorCodes[status]]).toBe(409);
      }
    }
  });
});

describe('packages', () => {
  it('are live while active or queued, and started once their clock runs or data flowed', () => {
    expect(['queued', 'active'].every((s) => isPackageLive(s as 'queued'))).toBe(true);
    for (const s of ['depleted', 'expired', 'moved', 'deleted'] as const)
      expect(isPackageLive(s)).toBe(false);
    expect(isPackageStarted({ activatedAt: null, dataUsedMb: 0 })).toBe(false);
    expect(isPackageStarted({ activatedAt: new Date(), dataUsedMb: 0 })).toBe(true);
    expect(isPackageStarted({ activatedAt: null, dataUsedMb: 1 })).toBe(true);
  });
});
