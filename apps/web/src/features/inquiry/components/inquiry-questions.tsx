import { INQUIRY_QUESTIONS } from '@anxin/shared/inquiry/inquiry.rules';
import { Radio } from 'antd';
import type { Answer } from '../lib/inquiry-form.ts';

type InquiryQuestionsProps = {
  answers: Answer[];
  onAnswer: (index: number, answer: Answer) => void;
  /** Per question the message to show (a wrong answer at once; a missing one after a submit). */
  problems: (string | null)[];
};

/** Three 是/否 questions, expected 是, 否, 否. */
export function InquiryQuestions({ answers, onAnswer, problems }: InquiryQuestionsProps) {
  return (
    <ol className="inquiry-questions">
      {INQUIRY_QUESTIONS.map((item, index) => {
        const problem = problems[index];
        const id = `inquiry-question-${index}`;
        return (
          <li key={item.question} className="inquiry-question" data-testid="inquiry-question">
            <span className="inquiry-question__text" id={id}>
              {index + 1}. {item.question}
            </span>
            <Radio.Group
              aria-labelledby={id}
              value={answers[index]}
              onChange={(event) => onAnswer(index, event.target.value as Answer)}
              options={[
                { label: '是', value: '是' },
                { label: '否', value: '否' },
              ]}
            />
            {problem ? (
              <span className="inquiry__error" role="alert">
                {problem}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
