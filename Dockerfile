# Worker image for Dataflow (and any portable runner): Beam's Python 3.11 SDK image plus
# discofuse, its pinned dependencies and the spaCy model (from PyPI). Build from the
# repository root:
#   docker build -t REGION-docker.pkg.dev/PROJECT/REPO/discofuse-worker:0.1.0 .
# and pass --sdk_container_image=<that tag> --sdk_location=container to `discofuse generate`.
FROM apache/beam_python3.11_sdk:2.77.0

WORKDIR /opt/discofuse
COPY pyproject.toml constraints.txt README.md ./
COPY discofuse ./discofuse

# No torch: it comes only with the optional Stanza extra, which workers do not use. The
# dataflow extra brings the Google Cloud libraries that gs:// paths need on the workers.
RUN pip install --no-cache-dir -c constraints.txt ".[dataflow]"
