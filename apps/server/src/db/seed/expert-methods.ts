import type { ExpertCategory } from '@sciwise/contracts';

/**
 * What the generated experts actually do: techniques, instruments, organisms and tools, so bios
 * and skills vary the way real ones do and a search for a technique ("CRISPR", "cryo-EM") finds
 * the people who use it. `skill` is what goes in the skills list; `phrase` is how a bio says it.
 */
export interface Method {
  skill: string;
  phrase: string;
}

const m = (skill: string, phrase: string): Method => ({ skill, phrase });

/** Laboratory and field techniques, shared by researchers and product developers. */
export const labTechniques: Method[] = [
  m('CRISPR screens', 'pooled CRISPR knockout screens and CRISPR-Cas9 gene editing'),
  m('CRISPR-Cas9', 'CRISPR-Cas9 gene editing of cell lines'),
  m('Base editing', 'base editing and prime editing for precise gene editing'),
  m('Cryo-EM', 'single-particle cryo-EM (cryo-electron microscopy) of membrane proteins'),
  m('X-ray crystallography', 'X-ray crystallography of protein-ligand complexes'),
  m('NMR spectroscopy', 'solution NMR spectroscopy'),
  m('Mass spectrometry', 'LC-MS/MS mass spectrometry'),
  m('Flow cytometry', 'multicolour flow cytometry and cell sorting (FACS)'),
  m('Single-cell RNA-seq', 'single-cell RNA sequencing (scRNA-seq)'),
  m('ChIP-seq', 'ChIP-seq and ATAC-seq chromatin profiling'),
  m('Confocal microscopy', 'confocal and live-cell fluorescence microscopy'),
  m('Patch clamp', 'whole-cell patch clamp electrophysiology'),
  m('Organoids', 'patient-derived organoid culture'),
  m('qPCR', 'qPCR and digital PCR assay design'),
  m('Western blotting', 'Western blotting and ELISA'),
  m('Spatial transcriptomics', 'spatial transcriptomics (Visium, MERFISH)'),
  m('Metagenomics', 'shotgun metagenomics of microbial communities'),
  m('Long-read sequencing', 'Oxford Nanopore and PacBio long-read sequencing'),
  m('HPLC', 'HPLC method development and validation'),
  m('Cell culture', 'mammalian cell culture and transfection'),
  m('Mouse models', 'genetically engineered mouse models'),
  m('Protein purification', 'recombinant protein expression and purification'),
  m('Atomic force microscopy', 'atomic force microscopy (AFM) of surfaces'),
  m('Raman spectroscopy', 'Raman and FTIR spectroscopy'),
  m('DFT calculations', 'density functional theory (DFT) calculations'),
  m('Molecular dynamics', 'molecular dynamics simulations (GROMACS, AMBER)'),
  m('Field sampling', 'field sampling and environmental DNA (eDNA) surveys'),
  m('GC-MS', 'GC-MS analysis of volatile compounds'),
];

export const instruments: string[] = [
  'Illumina NovaSeq',
  'Thermo Fisher Orbitrap',
  'Titan Krios',
  'BD FACSAria',
  'Zeiss LSM 980',
  'Bruker Avance NMR',
  'Agilent 1260 HPLC',
  '10x Genomics Chromium',
  'Oxford Nanopore MinION',
  'Bio-Rad CFX96',
  'Malvern Zetasizer',
  'Seahorse XF analyzer',
];

export const organisms: string[] = [
  'E. coli',
  'yeast (S. cerevisiae)',
  'zebrafish',
  'Drosophila',
  'C. elegans',
  'Arabidopsis',
  'mice',
  'human iPSCs',
  'wheat',
  'Plasmodium falciparum',
  'SARS-CoV-2',
  'Mycobacterium tuberculosis',
];

/** Analytical methods and the software that goes with them (data analysts, researchers). */
export const analysisMethods: Method[] = [
  m('Nextflow', 'reproducible Nextflow pipelines'),
  m('Snakemake', 'Snakemake workflows on HPC clusters'),
  m('RNA-seq analysis', 'bulk RNA-seq differential expression (DESeq2, edgeR)'),
  m('GWAS', 'genome-wide association studies (GWAS)'),
  m('Variant calling', 'germline and somatic variant calling (GATK)'),
  m('Mixed-effects models', 'mixed-effects and multilevel models'),
  m('Bayesian statistics', 'Bayesian modelling in Stan'),
  m('Survival models', 'Cox regression and survival models'),
  m('Causal inference', 'causal inference with propensity scores'),
  m('PyTorch', 'deep learning in PyTorch'),
  m('scikit-learn', 'machine learning with scikit-learn'),
  m('SAS', 'SAS programming for clinical data (CDISC SDTM, ADaM)'),
  m('Stata', 'econometrics in Stata'),
  m('SQL', 'SQL data warehousing'),
  m('Tableau', 'dashboards in Tableau and Power BI'),
  m('QGIS', 'spatial analysis in QGIS and PostGIS'),
  m('Proteomics analysis', 'quantitative proteomics with MaxQuant'),
  m('Phylogenetics', 'phylogenetics and molecular evolution'),
  m('NLP', 'text mining and natural language processing (spaCy, transformers)'),
  m('Time series forecasting', 'time series forecasting (ARIMA, Prophet)'),
];

/** Writers and consultants: what their work is made of. */
export const practiceMethods: Record<'writers' | 'consultants', Method[]> = {
  writers: [
    m('ICH E3', 'clinical study reports to ICH E3'),
    m('EU MDR', 'clinical evaluation reports under EU MDR'),
    m('PRISMA', 'systematic reviews to PRISMA guidelines'),
    m('CONSORT', 'manuscripts following CONSORT and STROBE'),
    m('NIH R01 grants', 'NIH R01 and Horizon Europe grant proposals'),
    m('Lay summaries', 'plain-language lay summaries'),
    m('AMA style', 'editing to AMA and Vancouver style'),
    m('eCTD Module 2', 'eCTD Module 2 summaries'),
    m('Medical education', 'CME slide decks and needs assessments'),
  ],
  consultants: [
    m('FDA 510(k)', 'FDA 510(k) and De Novo submissions'),
    m('ISO 13485', 'ISO 13485 quality management systems'),
    m('GMP audits', 'GMP audits and CAPA'),
    m('HACCP', 'HACCP plans and food safety audits'),
    m('Pharmacovigilance', 'signal detection and PSUR writing'),
    m('HTA dossiers', 'HTA dossiers for NICE and G-BA'),
    m('Freedom to operate', 'freedom-to-operate and patent landscaping'),
    m('Life cycle assessment', 'life cycle assessment (LCA) to ISO 14040'),
    m('GLP', 'GLP study monitoring'),
  ],
};

/** Which method pools an expert of a category draws from. */
export function methodPools(category: ExpertCategory): Method[][] {
  switch (category) {
    case 'researchers':
      return [labTechniques, labTechniques, analysisMethods];
    case 'product_developers':
      return [labTechniques, analysisMethods];
    case 'data_analysts':
      return [analysisMethods, analysisMethods, labTechniques];
    case 'writers':
      return [practiceMethods.writers, practiceMethods.writers, labTechniques];
    case 'consultants':
      return [practiceMethods.consultants, practiceMethods.consultants, labTechniques];
  }
}

/** Bio openings, each filled with the expert's own title, years and main subject. */
export const bioOpenings: ((title: string, years: number, subject: string) => string)[] = [
  (title, years, subject) => `${title} with ${years} years of experience in ${subject}.`,
  (title, years, subject) => `${title} who has spent ${years} years working on ${subject}.`,
  (title, years, subject) =>
    `${subject.charAt(0).toUpperCase()}${subject.slice(1)} has been my field for ${years} years, first in academia and now in practice (${title}).`,
  (title, years, subject) => `${title}; ${years} years in ${subject}, across industry and university labs.`,
];

export const bioClosings: string[] = [
  'I deliver clear, well-documented results on time.',
  'Clients get raw data, code and a written summary they can act on.',
  'I work in short, agreed milestones and report progress weekly.',
  'Happy to start with a short scoping call.',
  'I write up methods to publication standard.',
  'Comfortable working under NDA and to regulatory timelines.',
];
