import type { FaqPayload } from "#core/contract/content.ts";
import { RichText } from "./rich-text";

/**
 * FAQ sections, each a heading and its questions as native <details> accordions: they open and
 * close with the keyboard and without JavaScript, and the browser's find-in-page opens them.
 */
export function FaqSections({ sections }: { sections: FaqPayload["sections"] }) {
  return (
    <div className="flex flex-col gap-10" data-testid="faq-sections">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`faq-section-${section.id}`} data-testid="faq-section" data-type={section.type}>
          <h2 id={`faq-section-${section.id}`} className="mb-4 text-2xl font-bold text-slate-900">
            {section.title}
          </h2>
          <div className="flex flex-col gap-3">
            {section.questions.map((question) => (
              <details
                key={question.id}
                id={`question-${question.id}`}
                className="group rounded-lg border border-slate-300 bg-white open:border-primary open:shadow-sm"
                data-testid="faq-question"
              >
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  <span>{question.question}</span>
                  <svg
                    aria-hidden="true"
                    focusable="false"
                    viewBox="0 0 24 24"
                    width={20}
                    height={20}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    className="shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                  >
                    <path d="m6 9 6 6 6-6" />
                  </svg>
                </summary>
                <div className="border-t border-slate-200 px-4 py-3">
                  <RichText html={question.answer} testId="faq-answer" />
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
