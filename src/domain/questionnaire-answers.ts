/**
 * A customer's questionnaire answers: a history. A questionnaire answered again adds answers; the earlier
 * ones stay, each with when it was answered.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { key, QuestionnaireAnswer, type IQuestionnaireAnswer } from '../db/entities/index.ts';
import { liveCustomer } from './booking.ts';
import type { Clock } from './clock.ts';
import { newId } from './ids.ts';
import { checked, checkEach, RULES } from './input-rules.ts';
import { inTransaction } from './transactions.ts';

const answerRecord = z.object({ question: RULES.question, answer: RULES.answer });

/** Records a customer's answers to a questionnaire, all answered now; their ids follow the order given. */
export async function recordQuestionnaireAnswers(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  input: { customerId: string; questionnaire: string; answers: { question: string; answer: string }[] },
): Promise<IQuestionnaireAnswer[]> {
  const questionnaire = checked(RULES.title, input.questionnaire, 'questionnaire');
  checkEach(input.answers, 'answers', answerRecord, RULES.answers);
  return inTransaction(em, companyId, async (tx) => {
    const customer = await liveCustomer(tx, input.customerId);
    const now = clock.now();
    // Ids sort by their time part: one millisecond apart, they keep the order the answers were given in.
    const answers = input.answers.map((a, i) =>
      tx.create(QuestionnaireAnswer, {
        id: newId('answer', now.getTime() + i),
        company: companyId,
        customer: key(companyId, customer.id),
        questionnaire,
        question: a.question.trim(),
        answer: a.answer,
        answeredAt: now,
      }),
    );
    await tx.flush();
    return answers;
  });
}
