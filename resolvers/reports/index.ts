/** Reports: how the business did over a range of days (src/domain/reports.ts, counted by src/db/reports.ts). */
import { reportFigures } from '../../src/db/reports.ts';
import { assembleReport, checkRange, rangeOf, reportCsv } from '../../src/domain/reports.ts';
import type { Resolvers } from '../generated.ts';

export const reportResolvers: Resolvers = {
  Query: {
    report: async (_root, { from, to, by }, ctx) => {
      const interval = by ?? 'DAY';
      checkRange(from, to, interval);
      const { timezone } = await ctx.company();
      return assembleReport(from, to, interval, await reportFigures(ctx.reads, rangeOf(from, to, interval, timezone)));
    },
  },
  Report: {
    csv: (report) => reportCsv(report),
  },
};
