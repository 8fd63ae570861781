import { describe, expect, it } from 'vitest';
import { isPackageUnused, refundPolicyVerdict } from './staff-refunds.service';

// Issue 31: the refund policy from settings ("in full if not installed within N days") and what "unused" means
// for a package a refund may cancel.
const day = 86_400_000;
const now = new Date('2026-11-28T12:00:00Z');

describe('refundPolicyVerdict', () => {
  it('covers an order paid within the days while nothing was installed', () => {
    expect(
      refundPolicyVerdict({ paidAt: new Date(now.getTime() - 13 * day), installed: false, days: 14 }, now),
    ).toBe('qualifies');
    expect(
      refundPolicyVerdict({ paidAt: new Date(now.getTime() - 14 * day), installed: false, days: 14 }, now),
    ).toBe('qualifies');
  });

  it('does not cover an installed eSIM, nor an order paid too long ago or never', () => {
    expect(refundPolicyVerdict({ paidAt: now, installed: true, days: 14 }, now)).toBe('installed');
    expect(
      refundPolicyVerdict(
        { paidAt: new Date(now.getTime() - 14 * day - 1), installed: false, days: 14 },
        now,
      ),
    ).toBe('too_late');
    expect(refundPolicyVerdict({ paidAt: null, installed: false, days: 14 }, now)).toBe('too_late');
  });
});

describe('isPackageUnused', () => {
  const unused = {
    esim: { status: 'ready', installCount: 0 },
    esimPackage: { activatedAt: null, dataUsedMb: 0, status: 'active' },
  } as Parameters<typeof isPackageUnused>[0];

  it('is true only for a package never started on an eSIM never installed', () => {
    expect(isPackageUnused(unused)).toBe(true);
    expect(isPackageUnused({ ...unused, esim: { ...unused.esim, status: 'installed' } })).toBe(false);
    expect(isPackageUnused({ ...unused, esim: { ...unused.esim, installCount: 1 } })).toBe(false);
    expect(isPackageUnused({ ...unused, esimPackage: { ...unused.esimPackage, dataUsedMb: 1 } })).toBe(false);
    expect(isPackageUnused({ ...unused, esimPackage: { ...unused.esimPackage, activatedAt: now } })).toBe(
      false,
    );
    expect(isPackageUnused({ ...unused, esimPackage: { ...unused.esimPackage, status: 'deleted' } })).toBe(
      false,
    );
  });
});
