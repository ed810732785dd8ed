import type { ExpertCategory } from '@sciwise/contracts';

/** Real subject areas per category: the catalogue behind suggestions and subject pages. */
export const subjectCatalogue: Record<ExpertCategory, string[]> = {
  writers: [
    'Medical writing',
    'Scientific writing',
    'Regulatory writing',
    'Clinical evaluation reports',
    'Grant writing',
    'Scientific editing',
    'Technical writing',
    'Science journalism',
    'Literature review',
    'Systematic reviews',
    'Patent writing',
    'Health communication',
    'Continuing medical education',
    'Plain language summaries',
    'Manuscript preparation',
    'Clinical study reports',
    'Copywriting for life sciences',
    'White papers',
    'Literature search',
    'Scientific report',
    'Medical translation',
    'Abstract writing',
  ],
  data_analysts: [
    'Data analysis',
    'Biostatistics',
    'Bioinformatics',
    'Machine learning',
    'Statistical analysis',
    'Data science',
    'Epidemiology',
    'Statistics',
    'Clinical data management',
    'Genomics',
    'Computational biology',
    'Econometrics',
    'Survival analysis',
    'Deep learning',
    'Natural language processing',
    'Data visualization',
    'R programming',
    'Python programming',
    'Meta-analysis',
    'Health economics',
    'Real-world evidence',
    'Geospatial analysis',
    'Time series analysis',
    'Proteomics',
  ],
  consultants: [
    'Regulatory affairs',
    'Scientific consulting',
    'Quality assurance',
    'Clinical trials',
    'Pharmacovigilance',
    'Medical devices',
    'Market access',
    'Intellectual property',
    'Technology transfer',
    'Environmental consulting',
    'Food safety',
    'Good manufacturing practice',
    'Biotech strategy',
    'Life sciences due diligence',
    'ISO 13485',
    'Sustainability',
    'Toxicology',
    'Health technology assessment',
    'Secondary research',
    'Laboratory management',
    'Occupational health',
    'Agricultural consulting',
  ],
  product_developers: [
    'Product development',
    'Food science',
    'Food technology',
    'Cosmetic formulation',
    'Nutraceuticals',
    'Materials science',
    'Chemical engineering',
    'Medical device design',
    'Formulation chemistry',
    'Biomaterials',
    'Process development',
    'Packaging development',
    'Polymer science',
    'Nanotechnology',
    'Sensory science',
    'Drug formulation',
    'Analytical method development',
    'Electronics design',
    'Prototyping',
    'Beverage development',
    'Fermentation',
    'Battery technology',
  ],
  researchers: [
    'Molecular biology',
    'Neuroscience',
    'Immunology',
    'Microbiology',
    'Oncology',
    'Chemistry',
    'Physics',
    'Ecology',
    'Genetics',
    'Pharmacology',
    'Biochemistry',
    'Cell biology',
    'Virology',
    'Climate science',
    'Marine biology',
    'Organic chemistry',
    'Psychology',
    'Public health',
    'Nutrition science',
    'Plant science',
    'Stem cell research',
    'Structural biology',
    'Astrophysics',
    'Environmental science',
  ],
};

export const firstNames = (
  'Aaliyah Abebe Ada Adaeze Adrian Ahmed Aiko Aisha Akira Alejandro Alessandra Alexei Amara Amelia Ana Anders ' +
  'Andrea Anika Antoine Arjun Astrid Aylin Beatriz Benjamin Bilal Bongani Camila Carlos Carmen Chen Chiara Chidi ' +
  'Clara Daniel Daniela David Dmitri Elena Elif Elias Emeka Emma Erik Esther Fatima Felipe Fernando Fiona Francesca ' +
  'Gabriel Grace Hana Hannah Hassan Helena Hiroshi Ibrahim Ines Ingrid Isabel Ivan Jakob James Jana Javier Jia ' +
  'Jonas Jorge Julia Kamala Karim Katarzyna Kenji Kofi Lars Laura Layla Leila Li Lina Lucas Lucia Luis Maja ' +
  'Malik Marco Maria Mariam Marta Mateo Mei Mohammed Nadia Naledi Nikolai Nina Noah Nomvula Olga Oliver Omar ' +
  'Pablo Paolo Priya Rafael Rahul Ravi Rosa Sakura Samuel Sara Sebastian Seo-yeon Sofia Sven Tariq Thabo Tomas ' +
  'Valentina Victor Wei Yara Yasmin Yuki Yusuf Zainab Zara Zhang'
).split(' ');

export const lastNames = (
  'Abara Adeyemi Agarwal Ahmed Alvarez Andersen Asante Bakker Banerjee Bauer Becker Bianchi Bjork Boateng Brown ' +
  'Castillo Chatterjee Chen Costa Cruz Dang Das Dubois Dutta Eriksson Fernandes Fischer Fontaine Garcia Gomez ' +
  'Gupta Hansen Hashemi Hoffmann Horvath Huang Hussain Ibrahim Ivanova Jansen Jensen Johansson Kamau Kang Kaplan ' +
  'Kariuki Kato Khan Kim Kowalski Kumar Larsen Laurent Lee Lehmann Li Lima Lopez Ma Mahlangu Martin Martinez ' +
  'Mbeki Mendes Mensah Meyer Mokoena Moreau Moreno Muller Murphy Nakamura Ndlovu Nguyen Nielsen Novak Nowak ' +
  'Nunez Obi Okafor Okonkwo Oliveira Olsen Ortiz Osei Park Patel Pereira Petrov Popescu Quispe Rahman Ramirez ' +
  'Rao Reyes Rossi Russo Sahin Santos Sato Schmidt Schneider Sharma Silva Singh Smith Sokolov Suzuki Takahashi ' +
  'Tanaka Tan Taylor Torres Tran Varga Vasquez Wagner Walker Wang Weber Wilson Wong Wu Yamamoto Yang Yilmaz ' +
  'Zhang Zhou Zulu'
).split(' ');

/** Where experts live, most-populated markets first (the seed weights the head of the list). */
export const seedCountries = (
  'US GB DE IN FR CA AU NL ES IT CH SE CN JP BR KR IE BE DK NO FI AT PL PT IL SG ZA NG KE EG MX AR CL CO PE ' +
  'TR GR CZ HU RO BG HR RS SI SK UA LT LV EE NZ PK BD LK NP VN TH MY ID PH TW HK AE SA QA KW OM BH JO LB MA TN ' +
  'DZ GH ET UG TZ RW CM SN CI ZM ZW BW NA MZ MW AO CD GA BJ BF ML NE TD SD LY IR IQ SY YE AF UZ KZ KG TJ TM AZ ' +
  'GE AM BY MD AL MK BA ME IS LU MT CY MC LI AD SM EC BO PY UY VE CR PA GT HN SV NI CU DO JM TT BS BB HT BZ GY ' +
  'SR FJ PG WS TO VU SB MN KH LA MM BN MV BT TL MG MU SC KM DJ ER SO SS CF CG GQ ST CV GM GN GW LR SL TG BI LS ' +
  'SZ MR PR GL FO KY BM AW CW GU NC PF RE'
).split(' ');

/** A native language per country where it isn't English; everyone seeded works in English too. */
export const countryLanguage: Record<string, string> = {
  DE: 'de',
  AT: 'de',
  CH: 'de',
  FR: 'fr',
  BE: 'fr',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CL: 'es',
  CO: 'es',
  PE: 'es',
  IT: 'it',
  PT: 'pt',
  BR: 'pt',
  NL: 'nl',
  SE: 'sv',
  NO: 'no',
  DK: 'da',
  FI: 'fi',
  PL: 'pl',
  CZ: 'cs',
  CN: 'zh',
  TW: 'zh',
  HK: 'zh',
  JP: 'ja',
  KR: 'ko',
  IN: 'hi',
  TR: 'tr',
  GR: 'el',
  RU: 'ru',
  UA: 'uk',
  EG: 'ar',
  SA: 'ar',
  AE: 'ar',
  MA: 'ar',
  IL: 'he',
  VN: 'vi',
  TH: 'th',
  ID: 'id',
  RO: 'ro',
  HU: 'hu',
};

export const euroCountries = new Set(
  'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' '),
);

export const titlesByCategory: Record<ExpertCategory, string[]> = {
  writers: [
    'Medical writer',
    'Scientific writer',
    'Regulatory writer',
    'Science editor',
    'Grant writer',
    'Technical writer',
  ],
  data_analysts: [
    'Biostatistician',
    'Data scientist',
    'Bioinformatician',
    'Statistician',
    'Epidemiologist',
    'Machine learning engineer',
  ],
  consultants: [
    'Regulatory consultant',
    'Scientific consultant',
    'Quality consultant',
    'Life sciences advisor',
    'Clinical consultant',
  ],
  product_developers: [
    'Product developer',
    'Food scientist',
    'Formulation scientist',
    'Materials scientist',
    'R&D engineer',
  ],
  researchers: [
    'Research scientist',
    'Postdoctoral researcher',
    'Principal investigator',
    'Senior researcher',
    'Research fellow',
  ],
};

export const universities = [
  'University of Oxford',
  'University of Cambridge',
  'ETH Zurich',
  'Karolinska Institutet',
  'Imperial College London',
  'University of Toronto',
  'Stanford University',
  'Harvard University',
  'Massachusetts Institute of Technology',
  'University of Tokyo',
  'National University of Singapore',
  'University of Melbourne',
  'Heidelberg University',
  'Sorbonne University',
  'University of Cape Town',
  'University of Nairobi',
  'University of São Paulo',
  'Tsinghua University',
  'Indian Institute of Science',
  'University of Copenhagen',
  'KU Leuven',
  'University of Lagos',
  'Wageningen University',
  'McGill University',
  'University of Edinburgh',
  'Technical University of Munich',
  'University of Amsterdam',
  'Seoul National University',
  'University of Buenos Aires',
  'University of Barcelona',
];

export const degrees = ['PhD', 'PhD', 'PhD', 'MSc', 'MSc', 'MD', 'PharmD', 'MPH', 'MBA', 'BSc'];

export const sectors = [
  'pharmaceutical companies',
  'biotech start-ups',
  'medical device manufacturers',
  'universities',
  'hospitals',
  'food and beverage brands',
  'contract research organisations',
  'public health agencies',
  'consumer goods companies',
  'agritech firms',
  'NGOs',
  'investors',
  'cosmetics brands',
  'diagnostics companies',
];

export const deliverables = [
  'peer-reviewed manuscripts',
  'regulatory submissions',
  'statistical analysis plans',
  'literature reviews',
  'market reports',
  'product formulations',
  'grant proposals',
  'clinical evaluation reports',
  'dashboards',
  'predictive models',
  'technical dossiers',
  'feasibility studies',
  'white papers',
  'training courses',
];

export const publicationTopics = [
  'a randomised controlled trial',
  'a cohort study',
  'a systematic review',
  'a multi-centre study',
  'a pilot study',
  'an observational study',
  'a comparative analysis',
  'a longitudinal study',
];
