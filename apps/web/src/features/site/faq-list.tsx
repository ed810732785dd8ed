import { faqItems } from './faq-data.ts';

export function FaqList() {
  return (
    <div className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
      {faqItems.map((item) => (
        <details key={item.question} className="group px-5 py-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900">
            {item.question}
            <span
              aria-hidden="true"
              className="text-xl text-brand-700 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="mt-3 text-sm text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
