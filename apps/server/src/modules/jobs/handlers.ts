import type { ServiceContext } from '../../context.ts';
import { EMAIL_JOB, type EmailJob } from '../contracts/notices.ts';
import { autoReleaseJob, releaseReminderJob } from '../contracts/release-jobs.ts';
import { AUTO_RELEASE_JOB, RELEASE_REMINDER_JOB } from '../contracts/submissions.ts';
import { NOTICE_EMAIL_JOB, sendNoticeEmail } from '../notifications/email-notices.ts';
import { payoutJobs } from '../payouts/payout-service.ts';
import { PUBLISH_REVIEWS_JOB, publishReviewsJob } from '../reviews/publishing.ts';
import { CALL_REMINDER_JOB, callReminderJob } from '../calls/call-notices.ts';
import type { JobHandler } from './queue.ts';

/** Every kind of durable job the app runs, by name. */
export function jobHandlers(ctx: ServiceContext): Record<string, JobHandler> {
  return {
    ...payoutJobs(ctx),
    [AUTO_RELEASE_JOB]: { transactional: true, run: (job, tx) => autoReleaseJob(ctx, tx, job.payload) },
    [RELEASE_REMINDER_JOB]: {
      transactional: true,
      run: (job, tx) => releaseReminderJob(ctx, tx, job.payload),
    },
    [PUBLISH_REVIEWS_JOB]: {
      transactional: true,
      run: (job, tx) => publishReviewsJob(ctx, tx, job.payload),
    },
    [CALL_REMINDER_JOB]: {
      transactional: true,
      run: (job, tx) => callReminderJob(ctx, tx, job.payload),
    },
    [NOTICE_EMAIL_JOB]: { transactional: false, run: (job) => sendNoticeEmail(ctx, job) },
    [EMAIL_JOB]: {
      transactional: false,
      run: async (job) => {
        const { to, subject, text, calendar } = job.payload as unknown as EmailJob;
        await ctx.mailer.send({ to, subject, text, calendar });
      },
    },
  };
}
