import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import type { CoursePageData } from "./course-page";

/** The course page's building blocks: a fact of the summary (styled by its `.facts` list, app.css), a titled section, the trainers and authors. */

export function Fact({ label, children, testId, wide }: { label: string; children: React.ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function Section({ id, title, children, testId }: { id: string; title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className="course-section" data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function People({ people }: { people: CoursePageData["training"]["trainers"] }) {
  const { t } = useTranslation("training");
  const path = usePagePath();
  return (
    <ul className="people">
      {people.map((person) => (
        <li key={person.slug}>
          {person.photo ? <img src={person.photo} alt="" width={56} height={56} loading="lazy" /> : null}
          <div>
            <Link to={path("expert", { slug: person.slug })} aria-label={t("people.profile", { name: person.name })} data-testid="expert-link">
              {person.name}
            </Link>
            {person.title ? <p>{person.title}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
