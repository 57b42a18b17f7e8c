#!/usr/bin/env python3
"""Writes memory.md for the sixth recall evaluation (eval_test.go).

A project memory unlike the first five and the development sets:
"trellis", a clinical genomics data pipeline at a hospital sequencing lab
(Nextflow DSL2 on a Slurm cluster and on AWS Batch, BCL Convert
demultiplexing, bwa-mem2 against GRCh38, DeepVariant and GLnexus joint
calling, VEP annotation, MultiQC, a LIMS client in Python, a clinical
report renderer, a FastAPI + React run dashboard, CRAM archives in S3 and
Glacier). The team sits in Uppsala and Lausanne, so a few Swedish and
French words turn up. About 90 sessions over seventeen months, written by
hand the way coding agents and people write them: long learnings with
code spans and paths, multi-line learnings with a code block, long
Documentation Seen lists, sessions with a single learning, learnings
struck through as superseded (the replacement in a later session),
near-duplicates of one fact written again in another session, and
follow-ups.

On purpose it holds traps for context-aware recall: sessions that read a
task's file or doc (main.nf, slurm.config, validate.py, render.py,
docs/runbook.md, the bwa-mem2 module, the dashboard's api.py) while
learning something unrelated to the task, and near-miss learnings that
share one rare word with a task in another sense or about another
component (pool, adapter, panel, phasing, batch, orphan, primer, mask,
yield, seed, spike, barcode, depth, freeze, lane, shard). This script only
dates the sessions (seeded, so the output is the same on every run),
orders them newest first and writes the file. Sessions marked old are
dated at least eight months before the newest. Written, with tasks.txt,
after issue 24's second round of tuning and before any run of the
evaluation, and not tuned after it.

    python3 generate.py > memory.md
"""

import datetime
import random

CATS = {
    "C": "User Corrections",
    "R": "New Requirements",
    "U": "Updated Conventions",
    "D": "Fresh Discoveries",
    "P": "Preference Clarifications",
}
ORDER = "CRUDP"

SESSIONS = []


def S(focus, docs, learnings, old=False):
    SESSIONS.append(dict(focus=focus, docs=docs, learnings=learnings, old=old))


# A learning is "K: text", K a category code. "K~: text ~~ note" is a
# learning struck through as superseded, with the note after the strike.

# ---------------------------------------------------------------- sequencer and demultiplexing
S("BCL Convert setup", ["demux/run_bclconvert.sh", "demux/README.md", "https://support-docs.illumina.com/SW/BCL_Convert/"], [
    "D: `bcl-convert` needs `--bcl-sampleproject-subdirectories true` or every project's FASTQs land in one folder and the per-project permissions in `/seqdata/fastq/` are lost; `run_bclconvert.sh` passes it now.",
    "C: Never run `bcl-convert` with `--force` on a run folder that already has `Fastq/`; it deletes the old output first, and a crash halfway through lost the only copy of a re-sequenced run.",
    "D: Demultiplexing a NovaSeq X 25B run takes about 2 h 40 min with 32 threads on a `bigmem` node; with the default 16 threads it was over 5 h and blocked the next flowcell.",
], old=True)
S("Index hopping", ["demux/run_bclconvert.sh", "docs/lab/indexes.md"], [
    "D: On patterned flowcells single indexes hop between samples at around 0.1-2%; only unique dual indexes (UDI) are allowed on the NovaSeq, combinatorial dual indexes are refused by `validate.py` since a trio got a sibling's reads.",
    "U: The i5 index is written in forward orientation in the sample sheet for the NovaSeq X (v2 sheet, `OverrideCycles` set per run); the old MiSeq sheets used reverse complement and the lab's spreadsheet still has a column for it.",
    "U: The wet lab says barcode for what BCL Convert calls `Index` and `Index2`; in code, sample sheets and docs we only ever write index.",
])
S("Undetermined reads", ["demux/check_undetermined.py", "docs/runbook.md#demux"], [
    "D: More than 5% of reads in `Undetermined_S0` almost always means a wrong index in the sample sheet, not a bad run; `check_undetermined.py` prints the top 20 unknown index pairs, and the answer is usually a swapped i7/i5 or a reverse-complemented i5.",
    "R~: A run with more than 10% undetermined reads must not go on to alignment automatically; the pipeline stops and posts in #seq-ops. ~~ Superseded: the stop is at 8% after PhiX is subtracted (undetermined threshold follow-up).",
])
S("Run completion watcher", ["demux/watcher.py", "demux/systemd/trellis-watcher.service", "docs/runbook.md#watcher"], [
    "D: The sequencer writes `CopyComplete.txt` last, not `RTAComplete.txt`; the watcher started demultiplexing on `RTAComplete.txt` and read half-copied BCL files from the network share.",
    "U: The watcher runs as the systemd unit `trellis-watcher.service` under the `seqops` user; restart it with `sudo systemctl restart trellis-watcher`, never by running `watcher.py` by hand in a tmux.",
])
S("PhiX spike-in", ["docs/lab/phix.md", "demux/run_bclconvert.sh"], [
    "D: The lab adds 1% PhiX as a spike-in control to every run; its reads go to `Undetermined` because PhiX has no index, so the undetermined check subtracts the PhiX rate reported in `Demultiplex_Stats.csv` before comparing with 5%.",
])
S("Flowcell lane balance", ["demux/lane_stats.py", "docs/lab/loading.md"], [
    "D: On the 10B flowcell the eight lanes are not independent for our library pool: we load one pool across all lanes, so a sample missing from one lane but present in others means a demux problem, not a loading problem.",
])

# ---------------------------------------------------------------- sample sheets and LIMS
S("Sample sheet validation", ["tools/samplesheet/validate.py", "tools/samplesheet/schema.json", "docs/samplesheet.md"], [
    "D: Sample IDs from the LIMS look like `TR-2025-004711-01` (year, running number, aliquot); `validate.py` rejects anything else, because a sample named `4711` matched two patients in the report step.",
    "C: Do not let `validate.py` fix sample sheets silently (strip spaces, upper-case IDs); the user wants it to fail with the line number and the lab corrects the sheet, so the LIMS and the sheet never disagree.",
    "U: Sample sheets are CSV in BCL Convert v2 format with `[Header]`, `[Reads]`, `[BCLConvert_Settings]`, `[BCLConvert_Data]` and our own `[Cloud_Data]` section for the pipeline profile per sample.",
])
S("Sample sheet encoding", ["tools/samplesheet/validate.py", "tools/samplesheet/read.py"], [
    "D: Sheets exported from Excel on the lab PCs are UTF-16 with a BOM, or Windows-1252 when someone types `Malmö` or `Genève` in a description; `read.py` sniffs the encoding and `validate.py` rejects anything that is not ASCII in the Sample_ID column.",
])
S("LIMS client", ["lims/client.py", "lims/models.py", "docs/lims.md", "https://lims.internal/api/docs"], [
    "D: The LIMS REST API pages with a `next` link and returns at most 200 samples per page; the old client read only the first page and runs with 384 samples looked half empty in the dashboard.",
    "U: All LIMS calls go through `lims/client.py` with the service token from `LIMS_TOKEN`; nothing else in the repo talks to the LIMS directly.",
    "D: The LIMS rate-limits to 10 requests per second per token and answers 429 with `Retry-After`; `client.py` sleeps for that and retries up to 5 times.",
])
S("LIMS status updates", ["lims/client.py", "lims/status.py", "pipeline/main.nf"], [
    "R: Every sample moves through the LIMS states `sequenced` -> `aligned` -> `called` -> `qc_passed` or `qc_failed` -> `reported`; the pipeline must post each state, the lab's turnaround dashboard is built from them.",
    "C: Never set a LIMS sample to `reported` from the pipeline; only the report sign-off in the dashboard does that, after a clinical geneticist has signed.",
])
S("LIMS adapter for the new vendor", ["lims/adapters/clarity.py", "lims/adapters/base.py", "docs/lims.md#adapters"], [
    "U: The LIMS switch to Clarity goes through an adapter class per vendor in `lims/adapters/` (`base.py` defines `LimsAdapter`); the old in-house LIMS adapter stays until every open sample is migrated.",
])
S("Sample swaps", ["qc/sexcheck.py", "qc/fingerprint.py", "docs/qc.md#identity"], [
    "D: A sample swap is caught by two checks: the inferred sex from X/Y coverage against the LIMS sex, and a 24-SNP fingerprint compared with the genotyping array run at intake; either mismatch blocks the report.",
    "C: Do not treat an XXY or X0 result from `sexcheck.py` as a swap; it is flagged for the geneticist, not blocked.",
])
S("Trio samples", ["tools/samplesheet/validate.py", "pipeline/workflows/trio.nf", "docs/samplesheet.md#families"], [
    "U: Trios are linked by `Family_ID` plus `Relation` (`proband`, `mother`, `father`) in `[Cloud_Data]`; the trio workflow only starts when all three members of a family are demultiplexed, even if they were on different runs.",
])

# ---------------------------------------------------------------- alignment and reference
S("Reference genome choice", ["refs/README.md", "refs/GRCh38/", "docs/reference.md"], [
    "U: The reference is GRCh38 no-alt analysis set with decoys (`GCA_000001405.15_GRCh38_no_alt_analysis_set.fna`) in `refs/GRCh38/`; never the UCSC hg38 with alt contigs, bwa-mem2 without alt-aware post-processing gives MAPQ 0 in the HLA and other alt regions.",
    "D: Our reference uses `chr1` names; the gnomAD and ClinVar VCFs from Ensembl use `1`, so `refs/rename_chroms.txt` is applied with `bcftools annotate --rename-chrs` before any of them is used.",
], old=True)
S("bwa-mem2 memory", ["pipeline/modules/align/bwa_mem2.nf", "pipeline/conf/slurm.config", "https://github.com/bwa-mem2/bwa-mem2#performance"], [
    "D: `bwa-mem2 mem` needs about 28 GB for the GRCh38 index no matter the thread count, plus about 1 GB per thread for buffers; jobs asked for 16 GB and were killed by Slurm's OOM handling with exit code 137.",
    "D: The bwa-mem2 index (`.bwt.2bit.64`) is 10 GB and building it takes 64 GB of RAM; it is built once into `refs/GRCh38/bwa-mem2/` and never in the pipeline.",
])
S("Alignment sharding", ["pipeline/modules/align/bwa_mem2.nf", "pipeline/modules/align/split_fastq.nf"], [
    "D: Aligning a 30x genome in one job took 9 h; splitting the FASTQ into chunks of 20 M read pairs with `split_fastq.nf` and merging with `samtools merge` brought it to under 2 h of wall time on the same allocation.",
    "C: Do not mark duplicates per chunk; duplicates must be marked after the merge on the whole sample, per chunk missed optical duplicates across chunks.",
])
S("Duplicate marking", ["pipeline/modules/align/markdup.nf", "docs/qc.md#duplicates"], [
    "U: Duplicates are marked with `samtools markdup` after `samtools fixmate -m` and a coordinate sort; Picard MarkDuplicates was dropped because it needed 40 GB of heap on deep exomes.",
    "D: The NovaSeq X needs `--optical-distance 2500` for patterned flowcells; the default 0 counted no optical duplicates at all and the duplicate rate in MultiQC looked 3% too low.",
])
S("CRAM output", ["pipeline/modules/align/to_cram.nf", "docs/storage.md#cram"], [
    "U: Alignments are stored as CRAM 3.1 against the exact reference FASTA (md5 in the header); a CRAM can only be decoded with that FASTA, so the reference under `refs/GRCh38/` is never changed in place.",
    "D: CRAM saves about 60% over BAM for our 30x genomes (34 GB BAM to 13 GB CRAM); reading it with `samtools view` needs `REF_PATH` set or it downloads the reference from the EBI server one contig at a time.",
])
S("Adapter trimming", ["pipeline/modules/preprocess/fastp.nf", "docs/lab/library-prep.md"], [
    "D: With the Illumina DNA Prep kit the adapters are read through on inserts under 150 bp; `fastp --detect_adapter_for_pe` trims them and the mismatch rate at read ends dropped from 1.8% to 0.4%.",
    "P: The user prefers `fastp` to Trimmomatic and cutadapt for new modules: one tool, one JSON report that MultiQC reads.",
])
S("Seed length experiment", ["pipeline/modules/align/bwa_mem2.nf", "notebooks/seed_length.ipynb"], [
    "D: Raising bwa-mem2's minimum seed length `-k` from 19 to 23 saved 12% CPU but lost reads in the HLA genes; it stays at the default 19.",
])
S("Alt contigs cleanup", ["refs/GRCh38/", "docs/reference.md#alt"], [
    "D: Decoy hits (`chrUn_JTFH...decoy`) soak up reads from repeats that would otherwise map badly to real chromosomes; removing the decoys to save index memory raised false positive calls in centromere-near regions.",
])

# ---------------------------------------------------------------- variant calling
S("DeepVariant on the cluster", ["pipeline/modules/call/deepvariant.nf", "containers/deepvariant.def", "https://github.com/google/deepvariant/blob/r1.6/docs/deepvariant-details.md"], [
    "D: DeepVariant's `make_examples` is the slow step and scales with `--num_shards`; 32 shards on one node took 70 min for a 30x genome, `call_variants` on a GPU node takes another 15 min.",
    "U: We run DeepVariant 1.6.1 with the `WGS` model for genomes and `WES` for exomes; the model type comes from the `Cloud_Data` profile, never guessed from the file size.",
    "C: Do not run `call_variants` on CPU nodes to save GPU hours; it took 9 h per genome and held the whole queue.",
])
S("Joint genotyping", ["pipeline/modules/call/glnexus.nf", "docs/calling.md#joint"], [
    "D: GLnexus with `--config DeepVariantWGS` joint-genotypes the gVCFs of a family or a cohort; it needs a scratch directory on local disk (`--dir /scratch/...`), on the shared NFS it was ten times slower.",
    "U: Cohort joint calls are rebuilt from all gVCFs each quarter; never append new samples to an old cohort VCF.",
])
S("Interval sharding for calling", ["pipeline/modules/call/intervals.nf", "refs/GRCh38/calling_regions.bed"], [
    "D: The calling regions are split into 48 shards of roughly equal callable size in `intervals.nf`; splitting by chromosome made chr1 the straggler and the job waited 2 h for it.",
])
S("GATK fallback", ["pipeline/modules/call/haplotypecaller.nf", "docs/calling.md#gatk"], [
    "U: GATK HaplotypeCaller is kept only for the mitochondrial mode (`--mitochondria-mode`) and as a second opinion on request; the main caller is DeepVariant.",
])
S("Structural variants", ["pipeline/modules/sv/manta.nf", "pipeline/modules/sv/cnvkit.nf", "docs/calling.md#sv"], [
    "D: Manta needs the BAM or CRAM to be indexed and the reference `.fai` next to the FASTA; it failed with a bare `Segmentation fault` when the index was missing, no helpful message.",
    "R: CNV calls from CNVkit for exomes need a panel of normals of at least 20 samples from the same capture kit; fewer gave hundreds of false deletions.",
])
S("Haplotype phasing", ["pipeline/modules/call/whatshap.nf", "docs/calling.md#phasing"], [
    "D: WhatsHap phases the trio's variants with the parents' genotypes (`whatshap phase --ped`), so compound heterozygous variants in the proband are called in trans only when they are really on different haplotypes.",
])
S("Mitochondrial calls", ["pipeline/modules/call/haplotypecaller.nf", "docs/calling.md#mito"], [
    "D: Heteroplasmy below 5% in chrM is noise from NUMTs with our reads; the report shows mitochondrial variants only at or above 5% allele fraction.",
])

# ---------------------------------------------------------------- QC
S("MultiQC report", ["qc/multiqc_config.yaml", "pipeline/modules/qc/multiqc.nf", "https://multiqc.info/docs/"], [
    "D: MultiQC picked up old `fastp.json` files from a re-run in the same work directory and showed two rows per sample; the module now stages only the current task's files with `path` inputs, never globs of the work dir.",
    "U: The MultiQC report is per run, not per project; its custom header (`qc/multiqc_config.yaml`) shows the flowcell ID and the run date.",
])
S("Coverage thresholds", ["qc/coverage.py", "docs/qc.md#coverage"], [
    "R: A genome passes QC at a mean depth of 30x and at least 95% of the calling regions at 20x; an exome needs 98% of the target at 20x. The clinical report must state both numbers.",
    "D: `mosdepth --by calling_regions.bed --thresholds 10,20,30` gives the 20x fraction in one pass; `samtools depth` took 40 minutes per genome.",
])
S("Contamination check", ["qc/contamination.py", "containers/verifybamid.def", "docs/qc.md#contamination"], [
    "D: VerifyBamID2 with the 1000 Genomes SVD resources estimates contamination (FREEMIX); above 3% the sample fails QC, between 1% and 3% it is flagged for the lab.",
    "C: Do not run VerifyBamID2 on the chrM or on exomes with the genome resources; it reported 15% contamination on a clean exome.",
])
S("QC fail workflow", ["qc/decide.py", "dashboard/api/routes/qc.py", "docs/runbook.md#qc-fail"], [
    "U: A sample that fails QC is never deleted; it stays with `qc_failed` and a reason code (`LOW_DEPTH`, `CONTAMINATION`, `SEX_MISMATCH`, `FINGERPRINT`) so the lab can decide to re-sequence or re-extract.",
    "P: The user wants QC reason codes in SCREAMING_SNAKE_CASE in the API and in the LIMS, the dashboard translates them to Swedish and French for the lab (`LÅG_TÄCKNING`, `couverture faible`).",
])
S("Insert size plots", ["qc/insert_size.py", "qc/multiqc_config.yaml"], [
    "D: A bimodal insert size distribution on a whole run came from over-fragmented libraries in one prep batch; the lab now sends a fragment analyser trace with every batch, and the plot in MultiQC is the first place to look.",
])
S("Read yield per sample", ["qc/yield.py", "demux/lane_stats.py", "docs/qc.md#yield"], [
    "R: A genome sample needs at least 100 Gb of passing-filter bases (yield) before alignment; below that the watcher puts it on top-up and the LIMS gets `needs_topup`.",
])

# ---------------------------------------------------------------- annotation and reports
S("VEP annotation", ["pipeline/modules/annotate/vep.nf", "containers/vep.def", "https://www.ensembl.org/info/docs/tools/vep/script/vep_cache.html"], [
    "D: The VEP cache version must match the VEP release exactly (cache 112 with VEP 112); with a mismatch VEP runs without a warning and leaves the `SIFT` and `PolyPhen` columns empty.",
    "U: VEP runs offline with `--offline --cache --dir_cache /refs/vep` and the `--fork 8` option; online mode hit Ensembl's rate limit and is blocked on the cluster anyway.",
    "D: gnomAD 4.1 allele frequencies are added through the VEP `--custom` flag with the genomes VCF; the exomes VCF alone missed intronic variants near splice sites.",
])
S("ClinVar updates", ["refs/clinvar/update.sh", "docs/annotation.md#clinvar"], [
    "U: ClinVar is refreshed monthly by `refs/clinvar/update.sh` into a dated folder (`refs/clinvar/2025-10/`); reports name the ClinVar date they used and old folders stay for re-analysis.",
])
S("Gene panels", ["report/panels/", "report/panels/README.md", "docs/report.md#panels"], [
    "D: Virtual gene panels (cardio, epilepsy, hearing) are BED files generated from PanelApp panel versions; the report filters the genome's variants to the panel, the sequencing is the same whole genome.",
    "R: A report must name the panel and its PanelApp version (`Hearing loss v3.41`); a panel update changes the genes and the lab has to be able to reproduce an old report.",
])
S("Clinical report PDF", ["report/render.py", "report/templates/report.html.j2", "docs/report.md"], [
    "D: `render.py` fills a Jinja template and prints it with WeasyPrint; WeasyPrint needs Pango 1.44 or newer, the CentOS 7 login nodes have 1.42, so reports are rendered in the `report` container only.",
    "C: Never put the patient's full name or personal number in the PDF file name; file names use the LIMS sample ID only, the name appears inside the report.",
    "P: The user wants the report's variant table sorted by ACMG class first (pathogenic on top) and gene name second, never by genomic position.",
])
S("Report sign-off", ["dashboard/api/routes/signoff.py", "report/render.py", "docs/report.md#signoff"], [
    "R: A report needs two signatures, the analysing scientist and a clinical geneticist, and the two must be different people; the sign-off endpoint checks the user IDs, not the names.",
])
S("Report translations", ["report/templates/i18n/sv.po", "report/templates/i18n/fr.po", "docs/report.md#languages"], [
    "U: Reports are issued in Swedish for Uppsala and French for Lausanne; the language comes from the ordering clinic in the LIMS, and the variant nomenclature (HGVS) is never translated.",
    "D: The French template broke the page layout because `Variante pathogène probable` is much longer than `Likely pathogenic`; the class column now wraps instead of shrinking the font.",
])
S("Incidental findings", ["report/incidental.py", "docs/report.md#secondary"], [
    "R: Secondary findings from the ACMG SF v3.2 list are reported only when the patient consented (`consent_secondary=true` in the LIMS); without consent those genes are masked out before the scientist sees the variants.",
])

# ---------------------------------------------------------------- cluster, Slurm, containers
S("Slurm profile", ["pipeline/conf/slurm.config", "pipeline/nextflow.config", "docs/cluster.md"], [
    "D: Nextflow submits one Slurm job per task; with 5000 tasks per run the scheduler's `MaxSubmitJobs` of 2000 made submissions fail, so `executor.queueSize = 400` and `submitRateLimit = '20/1min'` are set in `slurm.config`.",
    "U: Jobs go to the `genomics` partition with `--account=trellis`; the `bigmem` partition (1.5 TB nodes) is only for bwa-mem2 index builds and GLnexus on cohorts.",
], old=True)
S("Preemption on the shared cluster", ["pipeline/conf/slurm.config", "docs/cluster.md#preemption"], [
    "D: The `genomics-low` QOS can be preempted by the oncology group's jobs; preempted tasks exit with 143 and Nextflow retries them only if `errorStrategy` lists 143, which it now does with `maxRetries = 3`.",
])
S("Scratch space", ["pipeline/conf/slurm.config", "pipeline/nextflow.config", "docs/cluster.md#scratch"], [
    "D: Each node has 3.5 TB of local NVMe at `/scratch`; `process.scratch = true` makes tasks work there and copy only the outputs back to the Lustre work dir, which cut Lustre metadata load by a lot and made `samtools sort` three times faster.",
    "C: Do not set `scratch = true` for the GLnexus process; it writes 800 GB for a cohort and filled a node's `/scratch`, failing everyone else's jobs on it.",
])
S("Apptainer images", ["containers/", "containers/build.sh", "docs/containers.md"], [
    "U: Every tool runs from an Apptainer image built from `containers/<tool>.def` and stored as `/sw/containers/<tool>_<version>.sif`; no `module load` in pipeline code.",
    "D: Pulling images from Docker Hub on the compute nodes hit the anonymous pull limit during a 400-task run; images are now built and converted once on the build host and only the `.sif` files are used on the nodes.",
], old=True)
S("Nextflow version pinning", ["pipeline/nextflow.config", "docs/cluster.md#nextflow"], [
    "U: Nextflow is pinned with `manifest.nextflowVersion = '!>=24.04.4'` and started with `NXF_VER=24.04.4`; a login node that auto-updated to 24.10 broke the `-resume` cache keys for running projects.",
])
S("Resume and work dir", ["pipeline/main.nf", "pipeline/nextflow.config", "docs/runbook.md#resume"], [
    "D: `-resume` only works when the work dir and the `.nextflow` cache folder are both kept; the nightly cleanup script removed `.nextflow/` and every resume started from zero.",
    "U: Work dirs live under `/lustre/trellis/work/<run_id>/` and are deleted 14 days after the run's report is signed, not before; re-analysis restarts from CRAM, not from work files.",
])
S("AWS Batch profile", ["pipeline/conf/aws.config", "infra/batch/compute_env.tf", "docs/cloud.md"], [
    "D: The AWS Batch compute environment uses spot instances for everything except GLnexus; spot interruptions show up as `Host EC2 (instance i-...) terminated` and Nextflow retries them like the Slurm preemptions.",
    "R: Patient data may only be processed in `eu-north-1` (Stockholm); the Batch queue, the S3 buckets and the logs must all be in that region.",
])
S("Fusion and Wave", ["pipeline/conf/aws.config", "docs/cloud.md#fusion"], [
    "D: With the Fusion file system the tasks read CRAMs straight from S3 without staging; it halved the runtime of DeepVariant's `make_examples` on Batch but needs Wave and a Seqera token, which security has not approved for patient data yet.",
])
S("Dev environment", ["environment.yml", "Makefile", "CONTRIBUTING.md"], [
    "U: The dev environment is the conda env in `environment.yml` built with `micromamba create -f environment.yml`; the Python tools need Python 3.11, the login nodes' system Python 3.6 breaks f-strings with `=`.",
    "P: The user prefers `make` targets (`make test`, `make lint`, `make stub-run`) over long command lines in the README.",
])
S("Submitting from the login node", ["docs/cluster.md#login", "tools/launch.sh"], [
    "C: Never run the Nextflow head job on the login node; it was killed after 2 h by the login node's CPU limit and the whole run was lost. `tools/launch.sh` submits the head job itself with `sbatch --time=7-00:00:00`.",
    "D: When the head job is killed with `scancel` its task jobs keep running as orphan Slurm jobs for hours; cancel them by the run name with `squeue --name` and `scancel`, or send SIGTERM to the head job so Nextflow cancels its own jobs.",
])

# ---------------------------------------------------------------- storage and archive
S("S3 archive layout", ["tools/archive/upload.py", "infra/s3/buckets.tf", "docs/storage.md"], [
    "U~: Archived data goes to `s3://trellis-archive/<run_id>/` with the CRAM, its `.crai`, the gVCF and the final VCF. ~~ Superseded by the per-year layout in the eu-north-1 bucket (archive path change).",
    "D: FASTQ is not archived once the CRAM is verified; the CRAM holds every read, unmapped ones too, and `samtools fastq` gets the FASTQ back.",
    "D: A lifecycle rule moves objects to Glacier Deep Archive after 90 days; restoring a CRAM from there takes up to 48 h, so re-analysis requests must go through the restore queue, not a direct download.",
], old=True)
S("Upload verification", ["tools/archive/upload.py", "tools/archive/verify.py"], [
    "D: Multipart uploads have an ETag that is not an MD5, so `verify.py` compares our own SHA-256 stored as object metadata (`x-amz-meta-sha256`) instead of the ETag.",
    "C: Do not delete the FASTQ before `verify.py` has read the CRAM back with `samtools quickcheck` and compared read counts with the FASTQ; one truncated CRAM was found that way.",
])
S("Orphan objects", ["tools/archive/gc.py", "docs/storage.md#gc"], [
    "D: Aborted multipart uploads left orphan parts that were billed for months; a bucket lifecycle rule now aborts incomplete multipart uploads after 7 days.",
])
S("Retention rules", ["docs/storage.md#retention", "docs/legal/retention.md"], [
    "R: Clinical sequencing data must be kept for 10 years after the report (Swedish Patientdatalagen and the Swiss rules both); research-only samples are deleted after 5 years unless the study says otherwise.",
])
S("Storage cost report", ["tools/archive/cost.py", "infra/s3/buckets.tf"], [
    "D: The monthly bill is mostly S3 Standard for the last 90 days of CRAMs, not Glacier; moving to Glacier Instant Retrieval after 30 days would save about 40% and still allow immediate reads.",
])

# ---------------------------------------------------------------- dashboard
S("Dashboard API", ["dashboard/api/main.py", "dashboard/api/routes/runs.py", "docs/dashboard.md"], [
    "U: The dashboard backend is FastAPI with SQLAlchemy 2.0 on PostgreSQL 16; routes live in `dashboard/api/routes/`, one file per resource, and return Pydantic models, never ORM objects.",
    "D: The runs page was slow because every request opened a new database connection; the SQLAlchemy engine now keeps a connection pool of 10 with `pool_pre_ping=True`, since the database drops idle connections after 30 minutes.",
])
S("Dashboard login", ["dashboard/api/auth.py", "docs/dashboard.md#auth"], [
    "U: Dashboard login is the hospital's Azure AD through OIDC; roles (`lab`, `scientist`, `geneticist`, `admin`) come from AD groups, never from a table in our own database.",
    "C: Never show patient names on the dashboard's run overview; it is on a wall screen in the lab. Sample IDs only, names only on the report page behind the `scientist` role.",
])
S("Dashboard frontend", ["dashboard/web/src/", "dashboard/web/package.json", "docs/dashboard.md#frontend"], [
    "U: The frontend is React 18 with Vite and TanStack Query; API types are generated from the FastAPI OpenAPI schema with `npm run gen:api`, never written by hand.",
    "P: The user prefers server-side pagination and filtering for the samples table over loading every sample into the browser.",
])
S("Live run progress", ["dashboard/api/routes/runs.py", "pipeline/conf/weblog.config", "docs/dashboard.md#progress"], [
    "D: Run progress comes from Nextflow's `-with-weblog` HTTP events posted to `/api/weblog`; events arrive out of order under load, so the API keeps the latest state per task by `task_id` and event timestamp.",
])
S("Dashboard freezes", ["dashboard/web/src/pages/Samples.tsx"], [
    "D: The samples page froze the browser for several seconds with 5000 rows because every row re-rendered on each progress event; rows are memoised and the table is virtualised with TanStack Virtual.",
])
S("Wall screen", ["dashboard/web/src/pages/Wall.tsx", "docs/dashboard.md#wall"], [
    "P: The lab wants the wall screen to show only runs in progress and the ones that failed in the last 24 h, in large type, no charts.",
])

# ---------------------------------------------------------------- CI, tests, process
S("nf-test setup", ["pipeline/tests/", "nf-test.config", "docs/testing.md"], [
    "U: Pipeline modules are tested with nf-test; each module has a `tests/main.nf.test` with a snapshot, and `nf-test test --tag align` runs one area.",
    "D: The mini test dataset in `tests/data/mini/` is chr20:10,000,000-10,500,000 from NA12878 at 30x, 40 MB; the full NA12878 genome is only used in the monthly validation run.",
])
S("GitHub Actions", [".github/workflows/ci.yml", "docs/testing.md#ci"], [
    "D: The CI job ran out of disk on the GitHub runner when the DeepVariant image was pulled; CI uses `-stub-run` for DeepVariant and GLnexus and real runs only for the small tools.",
    "U: Python code under `tools/`, `qc/`, `lims/`, `report/` and `dashboard/api/` is checked with `ruff check` and `ruff format --check` and typed with `mypy --strict`; CI fails on any of them.",
])
S("Validation against GIAB", ["validation/run_giab.sh", "validation/README.md", "docs/validation.md"], [
    "R: Any change to alignment, calling or the reference must be validated against GIAB HG001-HG007 with `hap.py` before it reaches production; SNV F1 must stay at or above 0.995 and indel F1 at or above 0.99.",
    "D: `hap.py` needs the stratification BEDs from the same GIAB release as the truth set (v4.2.1 with GRCh38 stratifications v3.3); mixing releases gave an indel F1 that looked 2% better than it was.",
])
S("Release process", ["CHANGELOG.md", "docs/release.md", ".github/workflows/release.yml"], [
    "U: Pipeline releases are tagged `vYYYY.MM.N` (`v2025.11.1`) and each report records the pipeline tag, the container digests and the reference checksums.",
    "R: A clinical release needs the validation report, a change control form signed by the lab manager and a two-week parallel run with the previous release; there is no hotfix path that skips it.",
])
S("Release freeze around audits", ["docs/release.md#freeze", "docs/quality/audit.md"], [
    "R: No pipeline release in the four weeks before a SWEDAC or Swissmedic audit; the frozen release is the one the auditors see.",
])
S("Code review", ["CONTRIBUTING.md", ".github/pull_request_template.md"], [
    "P: The user wants pull requests small and one topic each; a PR that changes a Nextflow module and the dashboard at once gets split.",
    "U: Every PR that changes a module's output must update its nf-test snapshot in the same commit, with the reason in the commit message.",
])
S("Branch naming", ["CONTRIBUTING.md"], [
    "U: Branches are `feat/<topic>`, `fix/<topic>` or `val/<topic>` for validation work; `val/` branches never merge to main before the validation report is attached.",
])
S("Onboarding primer", ["docs/onboarding.md", "docs/primer/nextflow.md"], [
    "D: New people start with `docs/primer/nextflow.md`, a primer on channels and processes written for this repo; the nf-core training is too general and skips our Slurm profile.",
])

# ---------------------------------------------------------------- privacy and security
S("Pseudonymised IDs", ["lims/pseudo.py", "docs/privacy.md", "docs/legal/dpia.md"], [
    "R: The pipeline only ever sees LIMS sample IDs; names and personal numbers (personnummer, AVS numbers) stay in the LIMS, and the mapping table is never copied to the cluster.",
    "D: Nextflow's trace and timeline files contain sample IDs in task names, which is fine, but the `.command.log` of the report task printed the patient's name from the template context; the renderer now logs only the sample ID.",
])
S("Secrets handling", ["docs/security.md", ".gitignore", "pipeline/conf/aws.config"], [
    "C: Never put the LIMS token or AWS keys in `nextflow.config`; Nextflow secrets (`nextflow secrets set LIMS_TOKEN`) or the Slurm job environment only, since the config is copied into every run folder.",
])
S("Log masking", ["tools/logmask.py", "docs/privacy.md#logs"], [
    "D: `logmask.py` masks anything that looks like a Swedish personnummer or a Swiss AVS number in log files before they are attached to a support ticket; it found two in a year, both pasted by hand into a comment field.",
])

# ---------------------------------------------------------------- RNA-seq and long reads
S("RNA-seq workflow", ["pipeline/workflows/rnaseq.nf", "pipeline/modules/rna/star.nf", "docs/rnaseq.md"], [
    "D: STAR needs 32 GB for the GRCh38 genome index and `--genomeLoad NoSharedMemory` on Slurm; shared memory mode left segments behind on nodes after a killed job.",
    "U: RNA-seq is for splicing analysis next to genome findings only; expression counts come from `salmon` against GENCODE 46, not from STAR.",
])
S("Long reads", ["pipeline/workflows/ont.nf", "pipeline/modules/ont/minimap2.nf", "docs/longreads.md"], [
    "D: ONT reads are aligned with `minimap2 -ax lr:hq` since Dorado's SUP basecalls have under 1% error; the old `map-ont` preset gave worse indel calls in homopolymers.",
    "D: Dorado basecalling runs on the two A100 nodes only; the methylation tags (`MM`/`ML`) must be kept through alignment with `samtools fastq -T MM,ML` or they are silently dropped.",
])
S("Primer design service", ["tools/primers/design.py", "docs/sanger.md"], [
    "D: Sanger confirmation primers are designed by `tools/primers/design.py` with Primer3 around the variant, avoiding common SNPs from gnomAD in the primer sequence; the lab orders them from the result table.",
])

# ---------------------------------------------------------------- decoys and small sessions
S("Freezer alarms", ["docs/lab/freezers.md"], [
    "D: The -80 freezer alarms go to the facilities system, not to us; the dashboard only links to its status page, do not build alert handling for freezers.",
])
S("Barcode printer", ["tools/labels/print.py", "docs/lab/labels.md"], [
    "D: The tube barcode printer (Zebra ZD421) takes ZPL over raw TCP on port 9100; `print.py` sends 2D DataMatrix codes, the old 1D Code 128 labels were too long for 1.5 ml tubes.",
])
S("Python generators in the QC scripts", ["qc/iter_records.py", "qc/coverage.py"], [
    "P: The user prefers generator functions that `yield` one record at a time in the QC scripts over lists that hold a whole VCF in memory.",
])
S("Database seed data", ["dashboard/api/seed.py", "docs/dashboard.md#dev"], [
    "U: `python -m dashboard.api.seed` fills the dev database with three fake runs and 96 fake samples; it refuses to run when `DATABASE_URL` points at anything but localhost.",
])
S("Queue depth alert", ["infra/monitoring/alerts.yaml", "docs/monitoring.md"], [
    "D: The Grafana alert on the weblog queue fires when its depth stays above 10000 events for 5 minutes; that has only happened when the dashboard API was down.",
])
S("Python deprecation", ["pyproject.toml", "docs/python.md"], [
    "U: We are phasing out Python 3.9 support in `tools/`; new code may use `match` statements and `X | Y` types, the last 3.9 host was retired in October.",
])
S("Dashboard kanban lanes", ["dashboard/web/src/pages/Board.tsx"], [
    "P: On the lab board view the user wants one lane per LIMS state, left to right in the order the samples move, with the count in each column header.",
])
S("Memory spike in the API", ["dashboard/api/routes/export.py", "docs/dashboard.md#export"], [
    "D: The CSV export endpoint caused a memory spike to 3 GB on big projects because it built the whole file in memory; it streams rows with `StreamingResponse` now.",
])
S("Database sharding question", ["docs/dashboard.md#scaling"], [
    "D: The dashboard database is 4 GB after two years; sharding or partitioning is not needed, a yearly `VACUUM FULL` of the weblog events table is enough.",
])
S("Sequencer network share", ["docs/lab/network.md", "demux/watcher.py"], [
    "D: The NovaSeq writes to an SMB share on the `seqstore` NAS; the cluster mounts it read-only over NFS, and a NAS firmware update once changed the NFS export options to `root_squash` and the watcher could not read new runs.",
])
S("Meeting notes", ["docs/meetings/README.md"], [
    "P: The user wants decisions from the weekly bioinformatics meeting added to `docs/decisions/` as short ADRs, not left in the meeting notes.",
])
S("Batch effects in the cohort", ["notebooks/cohort_pca.ipynb", "docs/calling.md#cohort"], [
    "D: The cohort PCA showed a clear batch effect between samples prepared with the old TruSeq kit and the new DNA Prep kit; allele-frequency filters on the in-house cohort are computed per kit for that reason.",
])
S("Depth of the API docs", ["docs/dashboard.md#api"], [
    "P: The user wants the API documented only as far as the generated OpenAPI page goes; no hand-written endpoint docs that drift.",
])
S("Masking repeats", ["refs/GRCh38/", "docs/reference.md#masking"], [
    "D: The soft-masked reference (lower-case repeats) must not be used for bwa-mem2; it ignores case, but `make_examples` in DeepVariant treated lower-case bases as `N` in one old version.",
])

# ---------------------------------------------------------------- superseded, near-duplicates, follow-ups
S("Queue size again", ["pipeline/conf/slurm.config", "docs/cluster.md"], [
    "U: The cluster admins raised `MaxSubmitJobs` to 5000 for the trellis account, so `executor.queueSize` is now 1000 in `slurm.config`; `submitRateLimit` stays at 20 per minute.",
])
S("Undetermined threshold follow-up", ["demux/check_undetermined.py", "docs/runbook.md#demux"], [
    "U: The automatic stop before alignment is at 8% undetermined reads after subtracting PhiX; 10% let a run with a wrong i5 orientation through on two lanes.",
])
S("DeepVariant upgrade", ["pipeline/modules/call/deepvariant.nf", "containers/deepvariant.def", "docs/validation.md"], [
    "U: DeepVariant is now 1.8.0 after the GIAB validation (SNV F1 0.9971, indel F1 0.9952); 1.6.1 stays available as `deepvariant_1.6.1.sif` for re-analysis of old reports.",
])
S("Coverage check near-duplicate", ["qc/coverage.py"], [
    "D: `mosdepth` with `--thresholds 10,20,30` and the calling regions BED reports the share of bases at 20x in one pass, which is much faster than `samtools depth`.",
])
S("bwa-mem2 memory follow-up", ["pipeline/modules/align/bwa_mem2.nf", "pipeline/conf/slurm.config"], [
    "U: The align process asks for `memory = { 40.GB + 1.GB * task.cpus }` and retries once with 1.5x the memory on exit 137 or 140.",
])
S("Archive path change", ["tools/archive/upload.py", "infra/s3/buckets.tf"], [
    "U: Archived data now goes to `s3://trellis-archive-eun1/<year>/<run_id>/<sample_id>/` (one bucket per region, a prefix per year so lifecycle and cost reports can work per year); the old flat bucket is read-only.",
    "D: Uploads from the cluster go through the hospital's proxy and top out at about 400 MB/s; a full NovaSeq X run (about 6 TB of CRAMs) takes most of a night, so the upload starts per sample, not at the end of the run.",
])
S("Report sorting follow-up", ["report/render.py", "report/templates/report.html.j2"], [
    "P: The variant table in the report is sorted by ACMG class, then gene; within a gene the user wants the variants of uncertain significance after the (likely) pathogenic ones, never mixed.",
])
S("Watcher restarts", ["demux/watcher.py", "demux/systemd/trellis-watcher.service"], [
    "D: After a reboot of the demux host the watcher started before the NFS mount of the sequencer share was up and saw no runs; the unit now has `After=remote-fs.target` and `RequiresMountsFor=/mnt/seqstore`.",
])
S("Contamination near-duplicate", ["qc/contamination.py"], [
    "R: The sample fails QC when VerifyBamID2's FREEMIX is above 3%; from 1% to 3% the lab only gets a flag.",
])
S("Spot instances follow-up", ["pipeline/conf/aws.config", "infra/batch/compute_env.tf"], [
    "D: Spot interruptions on `r6i.8xlarge` in eu-north-1 were rare, but `c6i` instances were reclaimed every few hours; the compute environment now lists only `r6i` and `m6i` families.",
])
S("Sexcheck thresholds", ["qc/sexcheck.py", "docs/qc.md#identity"], [
    "D: `sexcheck.py` calls female below 0.001 chrY reads per chrX read and male above 0.05; between them it reports `AMBIGUOUS`, which is almost always a contaminated or low-yield sample.",
])
S("HLA region", ["pipeline/modules/call/deepvariant.nf", "docs/calling.md#hla"], [
    "D: Calls in the HLA genes are not reported from DeepVariant; HLA typing is a separate service and the report says so in the limitations section.",
])
S("Lustre quota", ["docs/cluster.md#quota", "tools/quota.sh"], [
    "D: The trellis project has a 200 TB Lustre quota with an inode limit of 50 million; Nextflow work dirs with many small files hit the inode limit first, `tools/quota.sh` shows both.",
])

CONSOLIDATED = [
    "C: Never copy patient data to a laptop or to a personal cloud drive, not even for debugging; debug on the cluster with the mini dataset or a consented GIAB sample.",
    "C: Never edit files under `refs/` in place; a new reference, cache or database release goes into a new dated or versioned folder.",
    "R: Every production run must be reproducible: the pipeline tag, container digests, reference checksums and the Nextflow version are recorded for each report.",
    "U: Commit messages start with the area: `pipeline:`, `demux:`, `qc:`, `lims:`, `report:`, `dashboard:`, `infra:`, `docs:`.",
    "D: The cluster is `snowy` (Slurm 23.11, Rocky 9, Lustre), the build host is `trellis-build`, the demux host is `trellis-demux`; Nextflow 24.04, Python 3.11, Node 20.",
    "P: The user prefers numbers from a real run over estimates: a claim about runtime, memory or cost needs the run ID it came from.",
]
CONSOLIDATED_DOCS = "`README.md` (17), `docs/runbook.md` (9), `docs/cluster.md` (7), `CONTRIBUTING.md` (6), `docs/qc.md` (4), `docs/storage.md` (3)"

MULTILINE = {
    # focus: learning appended as a multi-line bullet with a code block
    "Slurm profile": (
        "U",
        "Start a production run with the launcher, never with `nextflow run` by hand; it sets the profile, the tag and the weblog URL:\n\n"
        "  ```sh\n"
        "  tools/launch.sh --run 251104_LH00412_0087_B22FJKLT3 --profile slurm,prod --release v2025.11.1\n"
        "  ```\n",
    ),
    "bwa-mem2 memory": (
        "D",
        "An aligner killed by the OOM handler looks like this in `.command.err` and the trace; exit 137 with no other message is memory, not a bug:\n\n"
        "  ```text\n"
        "  slurmstepd: error: Detected 1 oom_kill event in StepId=8812345.batch.\n"
        "  ERROR ~ Error executing process > 'ALIGN:BWA_MEM2 (TR-2025-004711-01)' exit status: 137\n"
        "  ```\n",
    ),
}


def parse(l):
    code, text = l.split(": ", 1)
    superseded = code.endswith("~")
    code = code.rstrip("~")
    if superseded:
        text, note = text.split(" ~~ ", 1)
        text = f"~~{text}~~ {note}"
    return code, text


def block(lines, extra=None):
    by = {}
    for l in lines:
        code, text = parse(l)
        by.setdefault(code, []).append(text)
    if extra:
        by.setdefault(extra[0], []).append(extra[1])
    out = []
    for code in ORDER:
        if code in by:
            out.append(f"**{CATS[code]}:**")
            for t in by[code]:
                out.append(f"- {t}".rstrip("\n"))
            out.append("")
    return out


def write(sessions, seed, newest, oldest, project, follow_ups, consolidated, consolidated_docs, multiline):
    """The memory file of sessions: each session is given a time from seed
    (the old ones before newest - 245 days), a session a later one
    replaces or follows (follow_ups, pairs of focuses) is made older than
    it, and the sessions are written newest first under the consolidated
    learnings. eval7's generate.py writes its memory with it too."""
    rng = random.Random(seed)
    cutoff = newest - datetime.timedelta(days=245)
    span_old = (cutoff - oldest).total_seconds()
    span_new = (newest - cutoff).total_seconds()
    for s in sessions:
        if s["old"]:
            t = oldest + datetime.timedelta(seconds=rng.random() * span_old)
        else:
            t = cutoff + datetime.timedelta(seconds=rng.random() * span_new)
        s["time"] = t.replace(minute=rng.choice([0, 5, 10, 15, 20, 30, 40, 45, 50]), second=0, microsecond=0)
    # A superseded or followed-up learning's session is older than the
    # session that replaces or follows it.
    by_focus = {s["focus"]: s for s in sessions}
    for old, new in follow_ups:
        if by_focus[old]["time"] >= by_focus[new]["time"]:
            by_focus[old]["time"], by_focus[new]["time"] = by_focus[new]["time"], by_focus[old]["time"]
    out = ["## Consolidated Learnings", ""]
    out += block(consolidated)
    out += [f"**Documentation Seen** (compacted sessions): {consolidated_docs}", "", "---", "", "## Recent Sessions", ""]
    for s in sorted(sessions, key=lambda s: s["time"], reverse=True):
        stamp = s["time"].strftime("%Y-%m-%d %H:%M") + " CET"
        out.append(f"## [{stamp}] - {s['focus']}")
        out.append(f"**Project**: {project}")
        out.append("**Documentation Seen**: " + ", ".join(f"`{d}`" for d in s["docs"]))
        out.append("")
        out.append("### Learnings")
        out.append("")
        out += block(s["learnings"], multiline.get(s["focus"]))
        out += ["---", ""]
    return "\n".join(out).rstrip("\n-") + "\n"


def main():
    follow_ups = [
        ("Slurm profile", "Queue size again"),
        ("Undetermined reads", "Undetermined threshold follow-up"),
        ("DeepVariant on the cluster", "DeepVariant upgrade"),
        ("bwa-mem2 memory", "bwa-mem2 memory follow-up"),
        ("S3 archive layout", "Archive path change"),
        ("Clinical report PDF", "Report sorting follow-up"),
        ("Run completion watcher", "Watcher restarts"),
        ("AWS Batch profile", "Spot instances follow-up"),
    ]
    print(write(SESSIONS, 2406, datetime.datetime(2026, 11, 25, 17, 0), datetime.datetime(2025, 6, 2, 9, 0), "trellis",
                follow_ups, CONSOLIDATED, CONSOLIDATED_DOCS, MULTILINE))


if __name__ == "__main__":
    main()
