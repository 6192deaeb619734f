print("pool-pipeline")
