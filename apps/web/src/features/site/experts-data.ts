export const expertCategories = [
  'Writers',
  'Data Analysts',
  'Consultants',
  'Product Developers',
  'Researchers',
] as const;
export type ExpertCategory = (typeof expertCategories)[number];

export interface ShowcaseExpert {
  name: string;
  expertise: string;
  rating: number;
  slug: string;
}

const expert = (name: string, expertise: string, rating: number): ShowcaseExpert => ({
  name,
  expertise,
  rating,
  slug: name.toLowerCase().replace(/[^a-z]+/g, '-'),
});

/** Illustrative showcase profiles for the landing page (the live directory comes from the experts API). */
export const showcase: Record<ExpertCategory, ShowcaseExpert[]> = {
  Writers: [
    expert('Dr. Amara Okafor', 'Medical writing, clinical evaluation reports', 5),
    expert('Jonas Weber', 'Grant proposals in life sciences', 5),
    expert('Dr. Leila Farahani', 'Peer-reviewed manuscripts, oncology', 4),
    expert('Sophie Martin', 'Plain-language summaries', 5),
    expert('Dr. Ethan Brooks', 'Regulatory writing, medical devices', 4),
  ],
  'Data Analysts': [
    expert('Dr. Priya Raman', 'Biostatistics, survival analysis', 5),
    expert('Mateo Alvarez', 'Machine learning for sensor data', 5),
    expert('Dr. Hana Kobayashi', 'Bioinformatics, RNA-seq', 4),
    expert('Oliver Grant', 'Survey design and analysis', 4),
    expert('Dr. Nadia Haddad', 'Epidemiological modelling', 5),
  ],
  Consultants: [
    expert('Dr. Marcus Lindqvist', 'Pharma R&D strategy', 5),
    expert('Elena Rossi', 'Food safety and HACCP', 5),
    expert('Dr. Samuel Adeyemi', 'Medical device regulation (MDR)', 4),
    expert('Claire Dubois', 'Sustainability and life-cycle assessment', 4),
    expert('Dr. Arjun Mehta', 'Technical due diligence', 5),
  ],
  'Product Developers': [
    expert('Dr. Ingrid Nilsen', 'Plant-based food formulation', 5),
    expert('Tomás Ferreira', 'Cosmetic formulation', 4),
    expert('Dr. Grace Liu', 'Nutraceutical development', 5),
    expert('Ben Carter', 'Hardware prototyping', 4),
    expert('Dr. Yusuf Demir', 'Polymer materials', 5),
  ],
  Researchers: [
    expert('Dr. Chloe Bennett', 'Systematic literature reviews', 5),
    expert('Dr. Kwame Mensah', 'Analytical chemistry methods', 4),
    expert('Dr. Isabel Navarro', 'Microbiology and fermentation', 5),
    expert('Dr. Pavel Novak', 'Computational physics', 4),
    expert('Dr. Aisha Rahman', 'Neuroscience study design', 5),
  ],
};

export const highlights = [
  '50,000+ vetted experts',
  '170+ countries',
  'Matching within 24 hours',
  'Post a project in under 5 minutes',
  'Milestone payments in escrow',
  '100% money-back guarantee',
  'No long-term contracts',
  'PhD-level specialists',
  'Confidential by default',
  'Pay only for approved work',
];
