"""Launch `discofuse generate` at scale: the Beam options each deployment needs, in one place.

    python pipelines/launch.py dataflow --project P --region europe-west1 \\
        --bucket gs://B --image europe-west1-docker.pkg.dev/P/R/discofuse-worker:0.1.0 \\
        --input gs://B/enwiki-*-pages-articles-multistream.xml.bz2 --format wikipedia-xml \\
        --output gs://B/discofuse/enwiki
    python pipelines/launch.py flink --job-endpoint localhost:8099 --input ... --output ...
    python pipelines/launch.py portable-local --input samples/sports --format text --output out/p

Every argument this launcher does not know goes to `discofuse generate` unchanged (its own
options and any further Beam option), so the generator checks them as it always does. `--print`
(before the target) shows the command instead of running it.

Targets:
- dataflow: the Dataflow runner with the worker image of pipelines/dataflow/Dockerfile
  (Runner v2, the image's own SDK, no package staging). The launcher waits for the job: the
  output folder, its summary and its dataset card are written when the job has finished (the
  same publish step as a local run), which is also why this is a launcher and not a Flex
  Template (a Flex Template's program must exit right after submitting).
- flink: Beam's portable runner against a Flink job server (pipelines/flink/docker-compose.yaml
  starts one with a Flink cluster), the SDK workers being the worker image run as a worker pool
  beside each task manager (`--environment_type=EXTERNAL`).
- portable-local: the same portable path with an in-process job server and workers in this
  process: how the portable launch is tested where no cluster exists.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from discofuse.cli import main as discofuse_main


def dataflow_options(args: argparse.Namespace) -> list[str]:
    bucket = args.bucket.rstrip("/")
    options = [
        "--runner=DataflowRunner",
        f"--project={args.project}",
        f"--region={args.region}",
        f"--temp_location={bucket}/tmp",
        f"--staging_location={bucket}/staging",
        f"--sdk_container_image={args.image}",
        "--sdk_location=container",
        "--experiments=use_runner_v2",
        f"--machine_type={args.machine_type}",
        f"--max_num_workers={args.max_workers}",
        f"--disk_size_gb={args.disk_size_gb}",
    ]
    if args.job_name:
        options.append(f"--job_name={args.job_name}")
    return options


def flink_options(args: argparse.Namespace) -> list[str]:
    return [
        "--runner=PortableRunner",
        f"--job_endpoint={args.job_endpoint}",
        "--environment_type=EXTERNAL",
        f"--environment_config={args.worker_pool}",
        f"--parallelism={args.parallelism}",
    ]


def portable_local_options(args: argparse.Namespace) -> list[str]:
    return ["--runner=PortableRunner", "--job_endpoint=embed", "--environment_type=LOOPBACK"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print", action="store_true", help="print the command, do not run it")
    targets = parser.add_subparsers(dest="target", required=True)

    dataflow = targets.add_parser("dataflow", help="Google Cloud Dataflow")
    dataflow.add_argument("--project", required=True)
    dataflow.add_argument("--region", required=True)
    dataflow.add_argument("--bucket", required=True, help="gs://BUCKET for temp and staging files")
    dataflow.add_argument("--image", required=True, help="the worker image (pipelines/dataflow)")
    dataflow.add_argument("--machine-type", default="n2-standard-4",
                          help="worker machine (n2-standard-4: 4 vCPUs, 16 GB; a worker process "
                          "per vCPU takes about 0.6 GB)")
    dataflow.add_argument("--max-workers", type=int, default=50)
    dataflow.add_argument("--disk-size-gb", type=int, default=50)
    dataflow.add_argument("--job-name", default="")
    dataflow.set_defaults(options=dataflow_options)

    flink = targets.add_parser("flink", help="a Flink cluster through Beam's Flink job server")
    flink.add_argument("--job-endpoint", default="localhost:8099",
                       help="the Beam Flink job server (host:port)")
    flink.add_argument("--worker-pool", default="localhost:50000",
                       help="the SDK worker pool beside each task manager, as the task "
                       "managers reach it")
    flink.add_argument("--parallelism", type=int, default=4)
    flink.set_defaults(options=flink_options)

    local = targets.add_parser("portable-local", help="the portable path, in this process")
    local.set_defaults(options=portable_local_options)
    return parser


def command(argv: list[str]) -> tuple[list[str], bool]:
    """The `discofuse generate` arguments for a launcher command line, and whether to print
    them rather than run them."""
    args, generate_args = build_parser().parse_known_args(argv)
    if generate_args[:1] == ["--"]:
        generate_args = generate_args[1:]
    return ["generate", *generate_args, *args.options(args)], args.print


def main(argv: list[str] | None = None) -> int:
    arguments, print_only = command(sys.argv[1:] if argv is None else argv)
    if print_only:
        print(shlex.join(["discofuse", *arguments]))
        return 0
    return discofuse_main(arguments)


if __name__ == "__main__":
    sys.exit(main())
