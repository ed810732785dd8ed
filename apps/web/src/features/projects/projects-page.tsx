import { ButtonLink } from '../../components/ui/button.tsx';
import { PageHero } from '../../components/page-hero.tsx';
import { ProjectList, useListFilters } from './project-list.tsx';
import { publicProjectsQuery } from './queries.ts';

/** /projects: open public projects for everyone; details open to signed-in members. */
export function ProjectsPage() {
  const [filters, setFilters] = useListFilters();
  return (
    <>
      <PageHero eyebrow="Projects" title="Open projects from research teams and companies">
        <p>Title, category, budget and date are public; sign in to read the full brief and send a quote.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/create-project" variant="inverse">
            Post a project
          </ButtonLink>
          <ButtonLink to="/join-expert" variant="outline-inverse">
            Join as expert
          </ButtonLink>
        </div>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <ProjectList
          query={publicProjectsQuery(filters)}
          filters={filters}
          onFilters={setFilters}
          label="Open projects"
          empty="Try fewer words or another category, or post your own project."
        />
      </div>
    </>
  );
}
