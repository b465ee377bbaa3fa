"""Apache Beam pipelines. `discofuse_pipeline` is the corpus generator behind `discofuse generate`."""
